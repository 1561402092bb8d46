import { describe, expect, it } from 'vitest';
import {
  applyStoredBuildState,
  buildProgressLabel,
  changeShownBuildState,
  initialBuildState,
  reduceBuildEvent,
  shownBuildState,
} from './build-state.ts';

const base = initialBuildState('c1', 2, { isBuilt: false, finishReason: 'stop', previewUrl: null });

describe('preview build state (spec §4)', () => {
  it('starts ready when the version is built, token-limit after a length finish', () => {
    expect(
      initialBuildState('c1', 2, { isBuilt: true, finishReason: 'stop', previewUrl: 'u' }),
    ).toMatchObject({
      status: 'ready',
      url: 'u',
    });
    expect(
      initialBuildState('c1', 2, { isBuilt: false, finishReason: 'length', previewUrl: null }).status,
    ).toBe('token-limit');
    expect(base.status).toBe('waiting');
  });

  it('follows the build steps of its own version only', () => {
    const installing = reduceBuildEvent(
      base,
      { type: 'build-status', chatId: 'c1', version: 2, status: 'processing' },
      1,
    );
    expect(installing.status).toBe('processing');
    expect(buildProgressLabel(installing.status)).toBe('Installing dependencies');
    const other = reduceBuildEvent(
      installing,
      { type: 'build-status', chatId: 'c1', version: 1, status: 'error' },
      2,
    );
    expect(other).toBe(installing);
  });

  it('keeps the error of a failed step for the build error panel', () => {
    const error = { title: 'Syntax Error', description: 'There is a syntax error', content: 'log' };
    const failed = reduceBuildEvent(
      base,
      { type: 'build-status', chatId: 'c1', version: 2, status: 'error', error },
      1,
    );
    expect(failed).toMatchObject({ status: 'error', error });
  });

  it('is ready on preview-ready or an is_built update, and notes when', () => {
    const ready = reduceBuildEvent(
      base,
      { type: 'preview-ready', chatId: 'c1', version: 2, previewId: 'p', url: 'http://x', timestamp: 1 },
      50,
    );
    expect(ready).toMatchObject({ status: 'ready', url: 'http://x', readyAt: 50 });
    const built = reduceBuildEvent(
      base,
      { type: 'message-update', chatId: 'c1', messageId: 'm', version: 2, isBuilt: true },
      60,
    );
    expect(built).toMatchObject({ status: 'ready', readyAt: 60 });
  });

  it('reloads on refresh-preview and file-change', () => {
    const once = reduceBuildEvent(base, { type: 'refresh-preview', chatId: 'c1' }, 1);
    const twice = reduceBuildEvent(once, { type: 'file-change', chatId: 'c1', version: 2 }, 2);
    expect(twice.reloadCount).toBe(2);
  });
});

describe('the stored build state read when a version is opened', () => {
  const base = () => initialBuildState('c', 2, { isBuilt: false, finishReason: 'stop', previewUrl: null });

  it('shows a build that already failed, with its error', () => {
    const error = {
      title: 'Syntax Error',
      description: 'There is a syntax error in your code. The AI can help fix it.',
      content: 'log',
    };
    const state = applyStoredBuildState(base(), {
      status: 'error',
      error,
      url: 'http://c-2.preview.localhost/',
    });
    expect(state).toMatchObject({ status: 'error', error });
  });

  it('takes the tokened address of a built private preview', () => {
    const url = 'http://c-2.preview.localhost/?token=abc';
    const built = initialBuildState('c', 2, {
      isBuilt: true,
      finishReason: 'stop',
      previewUrl: 'http://c-2.preview.localhost/',
    });
    expect(applyStoredBuildState(built, { status: 'ready', url })).toMatchObject({ status: 'ready', url });
  });

  it("a private chat's address is only the server's answer for this viewer, never a broadcast one", () => {
    const hostUrl = 'http://c-2.preview.localhost/';
    const opened = initialBuildState('c', 2, {
      isBuilt: true,
      finishReason: 'stop',
      previewUrl: hostUrl,
      isPrivate: true,
    });
    expect(opened).toMatchObject({ status: 'ready', url: null });
    const event = {
      type: 'preview-ready',
      chatId: 'c',
      version: 2,
      previewId: 'p',
      url: hostUrl,
      timestamp: 1,
    } as const;
    expect(reduceBuildEvent(opened, event, 5).url).toBeNull();
    const url = `${hostUrl}?token=abc`;
    const answered = applyStoredBuildState(opened, { status: 'ready', url });
    expect(reduceBuildEvent(answered, event, 6).url).toBe(url);
    // A public chat's address is known at once, and events may give it.
    const open = initialBuildState('c', 2, { isBuilt: true, finishReason: 'stop', previewUrl: hostUrl });
    expect(open.url).toBe(hostUrl);
  });

  it('keeps a token-limit, and ignores an idle record', () => {
    const cut = initialBuildState('c', 2, { isBuilt: false, finishReason: 'length', previewUrl: null });
    expect(applyStoredBuildState(cut, { status: 'error', url: 'x' }).status).toBe('token-limit');
    expect(applyStoredBuildState(base(), { status: 'idle', url: 'x' })).toEqual(base());
  });
});

describe('the build state kept for the version on screen', () => {
  const v1 = initialBuildState('c1', 1, {
    isBuilt: true,
    finishReason: 'stop',
    previewUrl: 'http://c1-1.preview/',
  });
  const kept = { key: 'c1:1', state: v1 };
  const v2 = initialBuildState('c1', 2, {
    isBuilt: false,
    finishReason: 'stop',
    previewUrl: 'http://c1-2.preview/',
  });

  it("never shows another version's state (nor its address) once version 2 is on screen", () => {
    expect(shownBuildState(kept, 'c1:1', v2)).toBe(v1);
    const shown = shownBuildState(kept, 'c1:2', v2);
    expect(shown.version).toBe(2);
    expect(shown.url).toBeNull();
    expect(shown.status).toBe('waiting');
  });

  it("applies version 2's events to version 2's state even while version 1's is still kept", () => {
    const ready = changeShownBuildState(kept, 'c1:2', v2, (state) =>
      reduceBuildEvent(
        state,
        {
          type: 'preview-ready',
          chatId: 'c1',
          version: 2,
          previewId: 'c1-2',
          url: 'http://c1-2.preview/',
          timestamp: 1,
        },
        5,
      ),
    );
    expect(ready.key).toBe('c1:2');
    expect(shownBuildState(ready, 'c1:2', v2)).toMatchObject({
      version: 2,
      status: 'ready',
      url: 'http://c1-2.preview/',
    });
  });

  it('keeps the same value when a change leaves the state as it was', () => {
    const same = changeShownBuildState(kept, 'c1:1', v2, (state) =>
      reduceBuildEvent(state, { type: 'build-status', chatId: 'c1', version: 3, status: 'error' }, 1),
    );
    expect(same).toBe(kept);
  });
});
