import { describe, expect, it } from 'vitest';
import type { MessageView } from '../../data/chat-types.ts';
import { defaultDeployVersion, deployVersionOptions } from './deploy-versions.ts';

function answer(version: number, finishReason: MessageView['finishReason']): MessageView {
  return { role: 'assistant', version, finishReason } as MessageView;
}
function prompt(version: number): MessageView {
  return { role: 'user', version, finishReason: null } as MessageView;
}

describe('the version selector of the Deployment tab (spec §2)', () => {
  const messages = [prompt(1), answer(1, 'stop'), prompt(2), answer(2, 'stop'), prompt(3), answer(3, 'stop')];

  it("lists finished versions newest first, labelled '(Latest)' and '(Currently Deployed)'", () => {
    expect(deployVersionOptions(messages, 3, 2)).toEqual([
      { version: 3, label: 'Version #3 (Latest)' },
      { version: 2, label: 'Version #2 (Currently Deployed)' },
      { version: 1, label: 'Version #1' },
    ]);
    expect(deployVersionOptions(messages, 3, 3)[0]?.label).toBe('Version #3 (Latest) (Currently Deployed)');
  });

  it('leaves out answers still being written or cut off, and the clone placeholder', () => {
    const mixed = [
      answer(-1, 'stop'),
      answer(1, 'stop'),
      answer(2, 'length'),
      answer(3, 'error'),
      answer(4, null),
    ];
    expect(deployVersionOptions(mixed, 4, null).map((option) => option.version)).toEqual([1]);
  });

  it('defaults to the deployed version, else the latest', () => {
    const options = deployVersionOptions(messages, 3, 2);
    expect(defaultDeployVersion(options, 2)).toBe(2);
    expect(defaultDeployVersion(options, null)).toBe(3);
    expect(defaultDeployVersion(options, 9)).toBe(3);
    expect(defaultDeployVersion([], null)).toBeNull();
  });
});
