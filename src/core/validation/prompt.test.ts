import { describe, expect, it } from 'vitest';
import { PLANS } from '../plans/index.ts';
import { formatCount } from '../display/count.ts';
import { promptLimitHint, validateImprovePrompt, validatePrompt } from './prompt.ts';

describe("Spec §5 prompt: 'Required, minimum length 2. Empty → 'Empty input' – 'Please enter a prompt before submitting''", () => {
  it.each(['', '   ', 'a', ' a '])('rejects %j', (prompt) => {
    expect(validatePrompt(prompt, PLANS.free)).toEqual({
      ok: false,
      error: {
        code: 'empty-prompt',
        title: 'Empty input',
        message: 'Please enter a prompt before submitting',
      },
    });
  });

  it('accepts 2 characters and returns the trimmed prompt', () => {
    expect(validatePrompt(' ab ', PLANS.free)).toEqual({ ok: true, value: 'ab' });
  });
});

describe("Spec §5 prompt: over the plan's limit → 'Prompt is too long' – 'Your prompt exceeds the character limit. Please shorten it to continue.'", () => {
  it(`allows exactly ${PLANS.free.promptMaxChars} characters on the free plan, not one more`, () => {
    expect(validatePrompt('x'.repeat(PLANS.free.promptMaxChars), PLANS.free).ok).toBe(true);
    expect(validatePrompt('x'.repeat(PLANS.free.promptMaxChars + 1), PLANS.free)).toEqual({
      ok: false,
      error: {
        code: 'prompt-too-long',
        title: 'Prompt is too long',
        message: 'Your prompt exceeds the character limit. Please shorten it to continue.',
      },
    });
  });

  it('uses the paid limit for a paid plan', () => {
    expect(validatePrompt('x'.repeat(PLANS.free.promptMaxChars + 1), PLANS.premium).ok).toBe(true);
  });
});

describe("Spec §5 prompt: free users see 'Limit: {n} characters. Upgrade to a paid plan to get {m} characters!'", () => {
  it('shows the hint with both limits to free users only', () => {
    expect(promptLimitHint(PLANS.free, PLANS.premium)).toBe(
      `Limit: ${formatCount(PLANS.free.promptMaxChars)} characters. Upgrade to a paid plan to get ${formatCount(PLANS.premium.promptMaxChars)} characters!`,
    );
    expect(promptLimitHint(PLANS.premium, PLANS.premium)).toBeNull();
  });

  it('writes the limits as the character counter does (2,000, not 2000)', () => {
    expect(promptLimitHint({ id: 'free', promptMaxChars: 2000 }, { promptMaxChars: 10000 })).toBe(
      'Limit: 2,000 characters. Upgrade to a paid plan to get 10,000 characters!',
    );
  });
});

describe("Spec §5: 'Improve prompt with empty input → 'Prompt is empty' – 'Please enter a prompt before improving it.''", () => {
  it('rejects blank input and accepts anything else', () => {
    expect(validateImprovePrompt('  ')).toEqual({
      ok: false,
      error: {
        code: 'empty-improve-prompt',
        title: 'Prompt is empty',
        message: 'Please enter a prompt before improving it.',
      },
    });
    expect(validateImprovePrompt(' make it blue ')).toEqual({ ok: true, value: 'make it blue' });
  });
});
