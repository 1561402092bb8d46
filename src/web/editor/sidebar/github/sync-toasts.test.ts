import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import {
  ALREADY_UP_TO_DATE_MS,
  isAlreadyUpToDate,
  isNotConnected,
  isRemoteChanged,
  pullToast,
  pushToast,
  syncFailureToast,
} from './sync-toasts.ts';

const push = { version: 3, repo: 'ada/kiln-pricing', force: false };

describe("'Already Up-to-Date' (spec §8 'Code-hosting sync', §9 6 s)", () => {
  it("matches 'No changes detected' and 'already up-to-date' anywhere in the message, in any case", () => {
    expect(isAlreadyUpToDate('No changes detected')).toBe(true);
    expect(isAlreadyUpToDate('Already up-to-date')).toBe(true);
    expect(isAlreadyUpToDate('The branch is ALREADY UP-TO-DATE with version 3')).toBe(true);
    expect(isAlreadyUpToDate('no changes detected since the last sync')).toBe(true);
    expect(isAlreadyUpToDate('Pushed version 3')).toBe(false);
    expect(isAlreadyUpToDate('already up to date')).toBe(false);
    expect(isAlreadyUpToDate(null)).toBe(false);
  });

  it('a push the server answers as up to date shows it for 6 s', () => {
    const toast = pushToast(
      { success: true, message: 'Already up-to-date', commit: null, lastSync: null },
      push,
    );
    expect(toast).toMatchObject({ tone: 'info', title: 'Already Up-to-Date', duration: 6000 });
    expect(ALREADY_UP_TO_DATE_MS).toBe(6000);
  });

  it('a pull that found nothing new shows it too', () => {
    const toast = pullToast(
      { success: true, message: 'No changes detected', version: null, skipped: [] },
      'ada/x',
    );
    expect(toast).toMatchObject({ title: 'Already Up-to-Date', duration: 6000 });
  });
});

describe('push and pull results', () => {
  it('names the version pushed and the commit', () => {
    const result = { success: true, message: 'Pushed', commit: '0123456789abcdef', lastSync: null };
    expect(pushToast(result, push)).toEqual({
      tone: 'success',
      title: 'Pushed to GitHub',
      description: 'Version #3 is on ada/kiln-pricing (commit 0123456).',
    });
    expect(pushToast(result, { ...push, force: true }).title).toBe('GitHub overridden');
  });

  it('names the new version of a pull and the files it left out', () => {
    const toast = pullToast(
      { success: true, message: 'Pulled', version: 4, skipped: [{ path: 'logo.psd', reason: 'binary' }] },
      'ada/kiln-pricing',
    );
    expect(toast).toEqual({
      tone: 'success',
      title: 'Pulled from GitHub',
      description: 'Version #4 was created from ada/kiln-pricing. Left out 1 file: logo.psd (binary).',
    });
  });
});

describe('failures (spec §8: "failures such as \'Failed to create repository\'")', () => {
  it("shows 'Failed to create repository' with GitHub's reason", () => {
    const error = new ApiError(
      422,
      'create-repository-failed',
      'name already exists on this account',
      'Failed to create repository',
    );
    expect(syncFailureToast('create', error)).toEqual({
      tone: 'error',
      title: 'Failed to create repository',
      description: 'name already exists on this account',
    });
    // Without the server's title, the action's own.
    expect(syncFailureToast('create', new ApiError(502, null, 'Bad gateway')).title).toBe(
      'Failed to create repository',
    );
  });

  it("uses the spec's text for an empty repository name", () => {
    expect(syncFailureToast('create', new ApiError(400, 'repository-name-required', 'x'))).toEqual({
      tone: 'error',
      title: 'Repository name required',
      description: 'Please enter a repository name.',
    });
  });

  it('says a refused push can be pulled or overridden', () => {
    const error = new ApiError(409, 'remote-changed', 'Pull them first, or Override GitHub to replace them.');
    expect(isRemoteChanged(error)).toBe(true);
    expect(syncFailureToast('push', error)).toEqual({
      tone: 'error',
      title: 'GitHub has newer commits',
      description: 'Pull them first, or Override GitHub to replace them.',
    });
  });

  it('recognises a refused token and the premium answer', () => {
    const refused = new ApiError(409, 'codehost-not-connected', 'Bad credentials');
    expect(isNotConnected(refused)).toBe(true);
    expect(syncFailureToast('pull', refused).title).toBe('GitHub not connected');
    expect(
      syncFailureToast('push', new ApiError(402, 'payment-required', 'This is a premium feature.')).title,
    ).toBe('Premium feature required');
  });

  it('falls back to a title per action for a network failure', () => {
    expect(syncFailureToast('pull', new TypeError('Failed to fetch'))).toEqual({
      tone: 'error',
      title: 'Failed to pull from GitHub',
      description: 'Failed to fetch',
    });
    expect(syncFailureToast('force', new Error('')).title).toBe('Failed to override GitHub');
  });
});
