import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { describeGenerationFailure, describeGenerationOutcome } from './generation-errors.ts';

describe('generation errors map to the spec §8 results', () => {
  it('payment-required-for-image redirects to /pricing with the spec text', () => {
    expect(describeGenerationFailure(new ApiError(402, 'payment-required-for-image', 'x'))).toEqual({
      kind: 'pricing',
      title: "You can't upload images with a free plan",
      message: 'Please upgrade to continue.',
    });
  });

  it('more-than-x-versions names the maximum', () => {
    const error = new ApiError(409, 'more-than-x-versions', 'x', null, { max: 30 });
    expect(describeGenerationFailure(error)).toEqual({
      kind: 'toast',
      title: "You can't have more than 30 versions",
      message: 'Please remix your component instead.',
    });
  });

  it('monthly-budget-reached shows the server’s title and message (issue 17 item 3)', () => {
    const error = new ApiError(
      429,
      'monthly-budget-reached',
      'This month’s AI budget…',
      'Monthly budget reached',
    );
    expect(describeGenerationFailure(error)).toEqual({
      kind: 'toast',
      title: 'Monthly budget reached',
      message: 'This month’s AI budget…',
    });
  });

  it('abuse limits show the server’s title and message (issue 21 item 2)', () => {
    for (const [code, title] of [
      ['rate-limited', 'Too many requests'],
      ['too-many-generations', 'Too many generations'],
    ]) {
      const error = new ApiError(429, code!, 'Wait a little.', title!);
      expect(describeGenerationFailure(error)).toEqual({ kind: 'toast', title, message: 'Wait a little.' });
    }
  });

  it('limit-exceeded opens the dialog of the plan kind', () => {
    const free = new ApiError(429, 'limit-exceeded', 'x', null, {
      plan: 'free',
      limit: 20,
      resetsAt: '2026-02-01T00:00:00.000Z',
      credits: 0,
    });
    expect(describeGenerationFailure(free)).toEqual({
      kind: 'limit',
      plan: 'free',
      limit: 20,
      resetsAt: '2026-02-01T00:00:00.000Z',
    });
    const paid = new ApiError(429, 'limit-exceeded', 'x', null, { plan: 'paid', limit: 300 });
    expect(describeGenerationFailure(paid)).toMatchObject({ kind: 'limit', plan: 'paid', limit: 300 });
  });

  it('validation errors show the server title and message', () => {
    const error = new ApiError(400, 'too-many-files', 'Maximum 3 files allowed', 'Too many files');
    expect(describeGenerationFailure(error)).toEqual({
      kind: 'toast',
      title: 'Too many files',
      message: 'Maximum 3 files allowed',
    });
  });

  it('a running generation is followed instead of failing', () => {
    const error = new ApiError(409, 'generation-in-progress', 'busy', null, { version: 4 });
    expect(describeGenerationFailure(error)).toEqual({ kind: 'reattach', version: 4 });
  });

  it('anything else is "Something went wrong" with the message', () => {
    expect(describeGenerationFailure(new ApiError(500, 'internal', 'Boom'))).toEqual({
      kind: 'toast',
      title: 'Something went wrong',
      message: 'Boom',
    });
    expect(describeGenerationFailure(new TypeError('Failed to fetch'))).toMatchObject({
      title: 'Something went wrong',
      message: 'Failed to fetch',
    });
  });
});

describe('finish reasons (spec §8)', () => {
  it('length and error come from the finish reason; nothing streamed is a failure', () => {
    expect(describeGenerationOutcome({ receivedChars: 10, finishReason: 'length' })).toBe('length');
    expect(describeGenerationOutcome({ receivedChars: 10, finishReason: 'error' })).toBe('error');
    expect(describeGenerationOutcome({ receivedChars: 0, finishReason: null })).toBe('failed');
    expect(describeGenerationOutcome({ receivedChars: 10, finishReason: 'stop' })).toBe('ok');
  });
});
