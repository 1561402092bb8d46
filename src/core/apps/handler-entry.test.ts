import { describe, expect, it } from 'vitest';
import { handlerEntry, isHandlerPath } from './handler-entry.ts';

describe('handlerEntry', () => {
  it('finds api/index in the order TypeScript first', () => {
    expect(handlerEntry(['src/main.tsx', 'api/index.js', 'api/index.ts'])).toBe('api/index.ts');
    expect(handlerEntry(['api/index.mjs'])).toBe('api/index.mjs');
  });

  it('is null without an index (a helper file alone is not an entry)', () => {
    expect(handlerEntry(['api/db.ts', 'src/api/index.ts', 'server/index.js'])).toBeNull();
  });
});

describe('isHandlerPath', () => {
  it('takes /api and below only', () => {
    expect(isHandlerPath('/api')).toBe(true);
    expect(isHandlerPath('/api/entries')).toBe(true);
    expect(isHandlerPath('/apis')).toBe(false);
    expect(isHandlerPath('/assets/api/x.js')).toBe(false);
  });
});
