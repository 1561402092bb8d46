import { describe, expect, it } from 'vitest';
import type { MessageView } from './chat-types.ts';
import { listVersions, messagesOfVersion, parseVersionParam, resolveSelectedVersion } from './versions.ts';

function message(role: 'user' | 'assistant', version: number): MessageView {
  return {
    id: `${role}-${version}`,
    chatId: 'c',
    role,
    version,
    content: '',
    createdAt: '2026-01-01T00:00:00Z',
    files: [],
    isBuilt: false,
    isGithubPull: false,
    screenshot: null,
    runtimeErrors: null,
    migrationsExecuted: [],
    finishReason: 'stop',
    autofix: null,
  };
}

const messages = [
  message('user', 1),
  message('assistant', 1),
  message('user', 2),
  message('assistant', 2),
  message('user', 3),
];

describe('versions', () => {
  it('lists the versions with an answer, oldest first', () => {
    expect(listVersions(messages)).toEqual([1, 2]);
    expect(listVersions([message('assistant', -1)])).toEqual([]);
  });

  it('selects ?v= when it exists, else the newest version', () => {
    expect(resolveSelectedVersion(1, [1, 2])).toBe(1);
    expect(resolveSelectedVersion(7, [1, 2])).toBe(2);
    expect(resolveSelectedVersion(null, [1, 2])).toBe(2);
    expect(resolveSelectedVersion(null, [])).toBeNull();
  });

  it('reads only whole numbers from the URL', () => {
    expect(parseVersionParam('3')).toBe(3);
    expect(parseVersionParam('3a')).toBeNull();
    // Never a number the server refuses (it would answer the page's read with a 400).
    expect(parseVersionParam('2147483648')).toBeNull();
    expect(parseVersionParam('-1')).toBeNull();
    expect(parseVersionParam(null)).toBeNull();
  });

  it('pairs the prompt and the answer of one version', () => {
    const pair = messagesOfVersion(messages, 2);
    expect(pair.user?.id).toBe('user-2');
    expect(pair.assistant?.id).toBe('assistant-2');
    expect(messagesOfVersion(messages, 3).assistant).toBeNull();
  });
});
