import { describe, expect, it } from 'vitest';
import { errorSource } from './error-source.ts';

const FILES = ['api/index.ts', 'api/db.ts', 'src/App.tsx', 'index.ts'];

describe('errorSource', () => {
  it('takes the first frame in a project file, whatever folder the server ran in', () => {
    const stack = [
      'Error: relation "entries" does not exist',
      '    at Parser.parseErrorMessage (/data/app-servers/handlers/preview_ab/node_modules/pg-protocol/dist/parser.js:283:98)',
      '    at insertEntry (/data/app-servers/api/db.ts:14:11)',
      '    at async file:///data/app-servers/api/index.ts:30:5',
    ].join('\n');
    expect(errorSource(stack, FILES)).toEqual({ file: 'api/db.ts', line: 14, column: 11 });
  });

  it('prefers the longest name that matches (api/index.ts over index.ts)', () => {
    expect(errorSource('Error: x\n    at file:///w/api/index.ts:3:1', FILES)).toEqual({
      file: 'api/index.ts',
      line: 3,
      column: 1,
    });
  });

  it('is null when no frame is the project’s', () => {
    expect(
      errorSource('Error: x\n    at node:internal/process:1:1\n    at /w/node_modules/a/b.js:1:1', FILES),
    ).toBeNull();
  });
});
