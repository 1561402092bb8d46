import { describe, expect, it } from 'vitest';
import { PLANS } from '../plans/index.ts';
import { autofixPrompt } from '../snapshot/prompts.ts';
import { autofixLabel, autofixRoundsFor, nextAutofixRound, parseAutofixMark } from './rounds.ts';

describe('autofix rounds', () => {
  it('a version the model wrote and finished gets the next round until the rounds run out', () => {
    expect(nextAutofixRound({ round: 0, of: 2 }, 'stop')).toBe(1);
    expect(nextAutofixRound({ round: 1, of: 2 }, 'stop')).toBe(2);
    expect(nextAutofixRound({ round: 2, of: 2 }, 'stop')).toBeNull();
    expect(nextAutofixRound({ round: 0, of: 0 }, 'stop')).toBeNull();
  });

  it('a version Kiln did not count (no mark), cut off or stopped is left to the person', () => {
    expect(nextAutofixRound(null, 'stop')).toBeNull();
    expect(nextAutofixRound({ round: 0, of: 2 }, 'length')).toBeNull();
    expect(nextAutofixRound({ round: 1, of: 2 }, 'error')).toBeNull();
    expect(nextAutofixRound({ round: 0, of: 2 }, null)).toBeNull();
  });

  it("the server's rounds, unless the plan allows fewer; 0 turns them off", () => {
    expect(autofixRoundsFor(2, PLANS.free)).toBe(2);
    expect(autofixRoundsFor(5, PLANS.free)).toBe(PLANS.free.maxAutofixRounds);
    expect(autofixRoundsFor(0, PLANS.premium)).toBe(0);
  });

  it("the prompt is the spec's fix prompt with the log, truncated by the plan; the chat shows the label", () => {
    const error = {
      title: 'Module Not Found',
      description: 'A module could not be found.',
      content: 'x'.repeat(5000),
    };
    const prompt = autofixPrompt(error, PLANS.free);
    expect(prompt.startsWith('Fix the following error: xxx')).toBe(true);
    expect(prompt.length).toBe('Fix the following error: '.length + PLANS.free.errorTruncationChars);
    expect(autofixPrompt({ ...error, content: '' }, PLANS.free)).toBe(
      'Fix the following error: Module Not Found: A module could not be found.',
    );
    expect(autofixLabel({ round: 1, of: 2, title: 'Module Not Found' })).toBe(
      'Fixing: Module Not Found (1/2)',
    );
  });

  it('a stored mark is read back; anything else is no mark', () => {
    expect(parseAutofixMark({ round: 1, of: 2, title: 'Syntax Error' })).toEqual({
      round: 1,
      of: 2,
      title: 'Syntax Error',
    });
    expect(parseAutofixMark({ round: 0, of: 2 })).toEqual({ round: 0, of: 2 });
    for (const bad of [null, 'x', { round: 3, of: 2 }, { round: -1, of: 2 }, { round: 1.5, of: 2 }, {}]) {
      expect(parseAutofixMark(bad)).toBeNull();
    }
  });
});
