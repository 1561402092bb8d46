import { describe, expect, it } from 'vitest';
import { accountRateLimitedError, capReachedError, describeWait, rateLimitedError } from './errors.ts';

describe('rate limit errors', () => {
  it('name the action and the wait', () => {
    expect(rateLimitedError('chat-create', 42)).toEqual({
      code: 'rate-limited',
      title: 'Too many requests',
      message: 'Too many new components in a short time. Try again in 42 seconds.',
    });
    expect(rateLimitedError('sign-in', 600).message).toBe(
      'Too many sign-in attempts in a short time. Try again in 10 minutes.',
    );
    expect(accountRateLimitedError(3000)).toEqual({
      code: 'rate-limited',
      title: 'Too many requests',
      message: 'Too many failed sign-ins to this account in a short time. Try again in 50 minutes.',
    });
  });

  it('describe waits in seconds, minutes or hours', () => {
    expect(describeWait(1)).toBe('1 second');
    expect(describeWait(89)).toBe('89 seconds');
    expect(describeWait(90)).toBe('2 minutes');
    expect(describeWait(60 * 60)).toBe('60 minutes');
    expect(describeWait(3 * 3600)).toBe('3 hours');
  });

  it('caps say how many are running or waiting', () => {
    expect(capReachedError('generation-running', 1)).toMatchObject({
      code: 'too-many-generations',
      message: 'You already have 1 version being generated. Wait for one to finish, then try again.',
    });
    expect(capReachedError('build-queue', 5)).toMatchObject({
      code: 'build-queue-full',
      message: 'You already have 5 builds waiting to start. Wait for one to finish, then try again.',
    });
  });
});
