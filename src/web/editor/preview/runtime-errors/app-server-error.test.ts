import { describe, expect, it } from 'vitest';
import { withRuntimeError } from '../../../../core/preview/runtime-error-list.ts';
import {
  appServerErrorOf,
  isFromServer,
  placeLabel,
  shownErrorLog,
  shownErrorTitle,
} from './app-server-error.ts';

const FILES = ['index.html', 'src/App.tsx', 'api/index.ts', 'api/lib/db.ts', 'package.json'];

// As the app server's preload reports it: Node's stack, the bundle's paths mapped back to the
// sources under the handler's folder.
const THROWN = {
  kind: 'uncaught' as const,
  message: 'Error: boom',
  stack: [
    'Error: boom',
    '    at file:///srv/app/node_modules/hono/dist/hono-base.js:10:5',
    '    at Array.<anonymous> (/srv/app/.kiln-app/api/index.ts:7:9)',
    '    at dispatch (file:///srv/app/node_modules/hono/dist/compose.js:22:17)',
  ].join('\n'),
};

describe("the app server's errors in the runtime error panel (issue 22 item 5)", () => {
  it('a thrown error: its place in the version files, a server title, the fix text with file and line', () => {
    const error = appServerErrorOf(THROWN, FILES);
    expect(isFromServer(error)).toBe(true);
    expect(error.kind).toBe('error');
    expect(error.place).toEqual({ file: 'api/index.ts', line: 7, column: 9, name: null });
    expect(placeLabel(error.place!)).toBe('api/index.ts:7:9');
    expect(shownErrorTitle(error)).toBe('Server Error');
    expect(shownErrorLog(error)).toBe(
      [
        "Server Error in the app's server at api/index.ts:7:9:",
        'Error: boom',
        '    at file:///srv/app/node_modules/hono/dist/hono-base.js:10:5',
        '    at Array.<anonymous> (/srv/app/.kiln-app/api/index.ts:7:9)',
        '    at dispatch (file:///srv/app/node_modules/hono/dist/compose.js:22:17)',
      ].join('\n'),
    );
  });

  it('a logged error (Hono logs what a route throws) is a console-kind entry; no column gives file:line', () => {
    const error = appServerErrorOf(
      { kind: 'logged', message: 'db down', stack: 'Error: db down\n    at query (/w/api/lib/db.ts:3)' },
      FILES,
    );
    expect(error.kind).toBe('console');
    expect(shownErrorTitle(error)).toBe('Server Error');
    expect(placeLabel(error.place!)).toBe('api/lib/db.ts:3');
    expect(shownErrorLog(error).split('\n')[0]).toBe("Server Error in the app's server at api/lib/db.ts:3:");
  });

  it('a stack outside the version files has no place', () => {
    const error = appServerErrorOf(
      { kind: 'uncaught', message: 'x', stack: 'Error: x\n    at node:internal/a.js:1:1' },
      FILES,
    );
    expect(error.place).toBeNull();
    expect(error.frames).toEqual([]);
    expect(shownErrorLog(error)).toBe("Server Error in the app's server:\nx\n    at node:internal/a.js:1:1");
  });

  it('the same error on every request counts once more, and keeps saying it is the server', () => {
    const first = appServerErrorOf(THROWN, FILES);
    const list = withRuntimeError(withRuntimeError([], first), appServerErrorOf(THROWN, FILES));
    expect(list).toHaveLength(1);
    expect(list[0]!.count).toBe(2);
    expect(isFromServer(list[0]!)).toBe(true);
  });

  it("the page's own errors keep their title and fix text", () => {
    const page = {
      kind: 'error' as const,
      message: 'Error: x',
      stack: '',
      frames: [{ file: 'src/App.tsx', line: 3, column: 1, name: null }],
      place: { file: 'src/App.tsx', line: 3, column: 1, name: null },
      key: 'Error: x\nsrc/App.tsx:3',
      count: 1,
    };
    expect(isFromServer(page)).toBe(false);
    expect(shownErrorTitle(page)).toBe('Uncaught Error');
    expect(shownErrorLog(page)).toBe(
      'Uncaught Error in the preview at src/App.tsx:3:1:\nError: x\n    at src/App.tsx:3:1',
    );
  });
});
