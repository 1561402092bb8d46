import { describe, expect, it } from 'vitest';
import { PLANS } from '../plans/index.ts';
import {
  buildContinuePrompt,
  buildFixPrompt,
  CONTINUE_PROMPT,
  displayPrompt,
  isContinuePrompt,
  truncateErrorText,
} from './prompts.ts';

describe("Spec §9 'Continue prompt default: 'Continue exactly where you left off', including the last 200 characters of the content'", () => {
  it('starts with the spec text and ends with the last 200 characters, without the finish marker', () => {
    const content = `<kilnArtifact><kilnFile name="a.ts">${'a'.repeat(300)}${'b'.repeat(200)}<!-- FINISH_REASON: length -->`;
    const prompt = buildContinuePrompt(content);
    expect(prompt.startsWith('Continue exactly where you left off')).toBe(true);
    expect(prompt.endsWith(`\n\n${'b'.repeat(200)}`)).toBe(true);
    expect(prompt).not.toContain('FINISH_REASON');
    expect(prompt).not.toContain('ab');
  });

  it('includes all of a short content', () => {
    expect(buildContinuePrompt('short')).toMatch(/\n\nshort$/);
  });
});

describe("A continuation reads as 'Continue generation', never as the internal prompt", () => {
  it('recognises the stored spec text and the full prompt stored by earlier versions', () => {
    expect(isContinuePrompt(CONTINUE_PROMPT)).toBe(true);
    expect(isContinuePrompt(buildContinuePrompt('<kilnFile name="a.tsx">me="mt-6 rounded-lg'))).toBe(true);
    expect(displayPrompt(buildContinuePrompt('x'.repeat(400)))).toBe('Continue generation');
    expect(displayPrompt(CONTINUE_PROMPT)).toBe('Continue generation');
  });

  it('shows every other prompt as written', () => {
    expect(isContinuePrompt('Continue exactly where you left off, but in blue')).toBe(false);
    expect(displayPrompt('Add a footer')).toBe('Add a footer');
    expect(displayPrompt('')).toBe('');
  });
});

describe("Spec §2/§8 fix prompt: 'Fix the following error: ' + the error text truncated to the plan's limit", () => {
  it(`truncates to errorTruncationChars (free: ${PLANS.free.errorTruncationChars})`, () => {
    const log = 'x'.repeat(PLANS.free.errorTruncationChars + 10);
    expect(buildFixPrompt(log, PLANS.free)).toBe(
      `Fix the following error: ${'x'.repeat(PLANS.free.errorTruncationChars)}`,
    );
    expect(buildFixPrompt('Module not found', PLANS.premium)).toBe(
      'Fix the following error: Module not found',
    );
  });

  it('never splits a surrogate pair', () => {
    expect(truncateErrorText('ab😀c', 3)).toBe('ab');
  });
});
