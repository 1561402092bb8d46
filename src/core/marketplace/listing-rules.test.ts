import { describe, expect, it } from 'vitest';
import { isFinishedVersion, LISTING_REFUSALS, refuseListing } from './listing-rules.ts';

const OWNER = 'owner-1';
const privateChat = { userId: OWNER, isPrivate: true };

describe('who may list a component: the owner of a private component with a finished version', () => {
  it('the owner of a private component with a finished version may', () => {
    expect(refuseListing({ viewerId: OWNER, chat: privateChat, finishedVersion: 2 })).toBeNull();
  });

  it('a visitor or another person may not', () => {
    for (const viewerId of [null, 'other-1']) {
      expect(refuseListing({ viewerId, chat: privateChat, finishedVersion: 2 })).toBe(
        LISTING_REFUSALS['not-owner'],
      );
    }
  });

  it('spec §1: a public component is refused (a listed component must stay private)', () => {
    const refusal = refuseListing({
      viewerId: OWNER,
      chat: { userId: OWNER, isPrivate: false },
      finishedVersion: 2,
    });
    expect(refusal).toBe(LISTING_REFUSALS['component-public']);
    expect(refusal?.message).toMatch(/^Make it private to list it/);
  });

  it('a component without a finished version is refused', () => {
    expect(refuseListing({ viewerId: OWNER, chat: privateChat, finishedVersion: null })).toBe(
      LISTING_REFUSALS['no-finished-version'],
    );
  });
});

describe('a finished version ended normally and holds code', () => {
  it.each([
    ['stop', '<artifact/>', true],
    ['length', '<artifact/>', false],
    ['error', '<artifact/>', false],
    [null, null, false],
    ['stop', null, false],
  ])('finish %s, code %s → %s', (finishReason, artifactCode, expected) => {
    expect(isFinishedVersion({ finishReason, artifactCode })).toBe(expected);
  });
});
