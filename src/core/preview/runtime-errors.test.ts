import { describe, expect, it } from 'vitest';
import {
  readRuntimeErrorReport,
  servedFrame,
  firstAppFrame,
  parseStack,
  readRuntimeErrorMessage,
  RUNTIME_ERROR_MESSAGE,
  runtimeErrorKey,
  runtimeErrorLog,
  type SourceFrame,
} from './runtime-errors.ts';

const ORIGIN = 'http://c1-2.preview.localhost:3000';
const frame = {} as Window;
const other = {} as Window;
const report = {
  type: RUNTIME_ERROR_MESSAGE,
  kind: 'error',
  message: 'TypeError: x is undefined',
  stack: '',
};

describe('readRuntimeErrorMessage: only the preview origin and its frame, checked fields', () => {
  it('takes a well-formed report from the preview frame', () => {
    expect(readRuntimeErrorMessage({ origin: ORIGIN, source: frame, data: report }, ORIGIN, [frame])).toEqual(
      {
        kind: 'error',
        message: 'TypeError: x is undefined',
        stack: '',
      },
    );
  });

  it('ignores another origin, another window, the editor itself, and unknown shapes', () => {
    const read = (origin: string, source: Window | null, data: unknown) =>
      readRuntimeErrorMessage({ origin, source, data }, ORIGIN, [frame]);
    expect(read('http://evil.test', frame, report)).toBeNull();
    expect(read(ORIGIN, other, report)).toBeNull();
    expect(read(ORIGIN, null, report)).toBeNull();
    expect(read(ORIGIN, frame, { ...report, type: 'kiln-element-selected' })).toBeNull();
    expect(read(ORIGIN, frame, { ...report, kind: 'mystery' })).toBeNull();
    expect(read(ORIGIN, frame, { ...report, message: '  ' })).toBeNull();
    expect(read(ORIGIN, frame, { ...report, stack: 42 })).toBeNull();
    expect(read(ORIGIN, frame, 'kiln-runtime-error')).toBeNull();
    expect(
      readRuntimeErrorMessage({ origin: ORIGIN, source: frame, data: report }, null, [frame]),
    ).toBeNull();
  });

  it('cuts long fields', () => {
    const long = { ...report, message: 'm'.repeat(10_000), stack: 's'.repeat(20_000) };
    const read = readRuntimeErrorMessage({ origin: ORIGIN, source: frame, data: long }, ORIGIN, [frame])!;
    expect(read.message.length).toBe(2000);
    expect(read.stack.length).toBe(8000);
  });
});

describe('parseStack: Chrome and Firefox frames with an http(s) place', () => {
  it('reads named, anonymous and async frames', () => {
    const stack = [
      'Error: boom',
      `    at App (${ORIGIN}/assets/index-abc.js:9:51027)`,
      `    at ${ORIGIN}/assets/index-abc.js:1:10`,
      `    at async load (${ORIGIN}/assets/chunk.js:2:3)`,
      '    at <anonymous>',
      `render@${ORIGIN}/assets/index-abc.js:8:7`,
    ].join('\n');
    expect(parseStack(stack)).toEqual([
      { url: `${ORIGIN}/assets/index-abc.js`, line: 9, column: 51027, name: 'App' },
      { url: `${ORIGIN}/assets/index-abc.js`, line: 1, column: 10, name: null },
      { url: `${ORIGIN}/assets/chunk.js`, line: 2, column: 3, name: 'load' },
      { url: `${ORIGIN}/assets/index-abc.js`, line: 8, column: 7, name: 'render' },
    ]);
  });

  it('keeps 30 frames at most', () => {
    expect(parseStack(`    at f (${ORIGIN}/a.js:1:1)\n`.repeat(100))).toHaveLength(30);
  });
});

describe('de-duplication: message + first app frame', () => {
  const dependency: SourceFrame = { file: 'node_modules/react-dom/cjs/x.js', line: 9, column: 1, name: null };
  const app: SourceFrame = { file: 'src/App.tsx', line: 4, column: 30, name: 'App' };

  it('skips dependency frames for the first app frame', () => {
    expect(firstAppFrame([null, dependency, app])).toEqual(app);
    expect(firstAppFrame([dependency])).toBeNull();
  });

  it('the same message at the same place is one key; another place or message is another', () => {
    const key = runtimeErrorKey('Error: boom', app);
    expect(runtimeErrorKey('Error: boom\nmore', { ...app, column: 2 })).toBe(key);
    expect(runtimeErrorKey('Error: boom', { ...app, line: 5 })).not.toBe(key);
    expect(runtimeErrorKey('Error: bang', app)).not.toBe(key);
  });

  it('the fix log names the kind, the place and the mapped stack', () => {
    expect(runtimeErrorLog({ kind: 'rejection', message: 'Error: boom' }, [dependency, app])).toBe(
      [
        'Unhandled Promise Rejection in the preview at src/App.tsx:4:30:',
        'Error: boom',
        '    at node_modules/react-dom/cjs/x.js:9:1',
        '    at App (src/App.tsx:4:30)',
      ].join('\n'),
    );
  });

  it('a frame on the preview origin that no map names is the served file; elsewhere unnamed', () => {
    const origin = 'http://c-1.preview.localhost:3000';
    const at = (url: string) => ({ url, line: 7, column: 3, name: null });
    expect(servedFrame(at(`${origin}/`), origin)).toEqual({
      file: 'index.html',
      line: 7,
      column: 3,
      name: null,
    });
    expect(servedFrame(at(`${origin}/pages/a%20b.js`), origin)?.file).toBe('pages/a b.js');
    expect(servedFrame(at(`${origin}/%E0%A4%A`), origin)?.file).toBe('%E0%A4%A');
    expect(servedFrame(at('https://cdn.example.com/x.js'), origin)).toBeNull();
    expect(servedFrame(at('not a url'), origin)).toBeNull();
  });

  it('a report handed over by a page is checked and cut like any input', () => {
    const type = 'kiln-runtime-error';
    expect(readRuntimeErrorReport({ type, kind: 'error', message: 'Error: x' })).toEqual({
      kind: 'error',
      message: 'Error: x',
      stack: '',
    });
    expect(readRuntimeErrorReport({ type, kind: 'format-disk', message: 'x' })).toBeNull();
    expect(readRuntimeErrorReport({ type: 'other', kind: 'error', message: 'x' })).toBeNull();
    expect(readRuntimeErrorReport({ type, kind: 'error', message: '  ' })).toBeNull();
    expect(readRuntimeErrorReport({ type, kind: 'error', message: 'x', stack: 5 })).toBeNull();
    expect(readRuntimeErrorReport(null)).toBeNull();
    expect(
      readRuntimeErrorReport({ type, kind: 'console', message: 'y'.repeat(9000) })!.message,
    ).toHaveLength(2000);
  });
});
