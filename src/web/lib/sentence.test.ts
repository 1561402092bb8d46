import { describe, expect, it } from 'vitest';
import { asSentence } from './sentence.ts';

describe('asSentence', () => {
  it('ends a reason with a full stop, once', () => {
    expect(asSentence('Bad credentials')).toBe('Bad credentials.');
    expect(asSentence(' The token was revoked. ')).toBe('The token was revoked.');
    expect(asSentence('Is it private?')).toBe('Is it private?');
  });
});
