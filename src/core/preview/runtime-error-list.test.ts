import { describe, expect, it } from 'vitest';
import { MAX_RUNTIME_ERRORS, runtimeErrorOf, withRuntimeError } from './runtime-error-list.ts';

const app = { file: 'src/App.tsx', line: 4, column: 30, name: 'App' };

describe('the runtime error list de-duplicates by message + first app frame', () => {
  it('the same error twice is one entry counted twice', () => {
    const error = runtimeErrorOf({ kind: 'error', message: 'Error: boom', stack: '' }, [app]);
    const list = withRuntimeError(withRuntimeError([], error), error);
    expect(list).toHaveLength(1);
    expect(list[0]!.count).toBe(2);
  });

  it('the same message elsewhere, or another message, is another entry', () => {
    const first = runtimeErrorOf({ kind: 'error', message: 'Error: boom', stack: '' }, [app]);
    const elsewhere = runtimeErrorOf({ kind: 'error', message: 'Error: boom', stack: '' }, [
      { ...app, line: 9 },
    ]);
    const another = runtimeErrorOf({ kind: 'error', message: 'Error: bang', stack: '' }, [app]);
    expect([first, elsewhere, another].reduce(withRuntimeError, [])).toHaveLength(3);
  });

  it("React's console echo of an uncaught error is the same error", () => {
    const thrown = runtimeErrorOf({ kind: 'error', message: 'Error: boom', stack: '' }, [app]);
    const echo = runtimeErrorOf(
      { kind: 'console', message: 'Uncaught Error: boom\n\nThe above error occurred in <App>', stack: '' },
      [],
    );
    const list = withRuntimeError(withRuntimeError([], thrown), echo);
    expect(list).toHaveLength(1);
    expect(list[0]!.kind).toBe('error');
  });

  it('keeps a bounded number of different errors', () => {
    let list = [] as ReturnType<typeof withRuntimeError>;
    for (let index = 0; index < MAX_RUNTIME_ERRORS + 5; index++) {
      list = withRuntimeError(
        list,
        runtimeErrorOf({ kind: 'error', message: `Error ${index}`, stack: '' }, []),
      );
    }
    expect(list).toHaveLength(MAX_RUNTIME_ERRORS);
  });
});
