import { describe, expect, it } from 'vitest';
import { basicCredential, redact } from './git-redact.ts';

const TOKEN = 'gho_16C7e42F292c6912E7710c838347Ae178B4a';

describe('redact', () => {
  it('removes the token in every form git or a server could print it', () => {
    const text = [
      `token ${TOKEN}`,
      `header Authorization: Basic ${basicCredential(TOKEN)}`,
      `base64 ${Buffer.from(TOKEN).toString('base64')}`,
      `url-encoded ${encodeURIComponent('a/b+' + TOKEN)}`,
      `pair x-access-token:${TOKEN}`,
    ].join('\n');
    const out = redact(text, TOKEN);
    expect(out).not.toContain(TOKEN);
    expect(out).not.toContain(basicCredential(TOKEN));
    expect(out).not.toContain(Buffer.from(TOKEN).toString('base64'));
    expect(out.split('\n')).toEqual([
      'token [redacted]',
      'header Authorization: Basic [redacted]',
      'base64 [redacted]',
      'url-encoded a%2Fb%2B[redacted]',
      'pair [redacted]',
    ]);
  });

  it('removes what looks like a credential even without knowing the token', () => {
    expect(redact('Authorization: Bearer abc.def fatal')).toBe('Authorization: Bearer [redacted] fatal');
    expect(redact(`push ghp_${'x'.repeat(36)} done`)).toBe('push [redacted] done');
    expect(redact('https://user:secret@example.com/r.git')).toBe('https://[redacted]@example.com/r.git');
    expect(redact("fatal: repository 'https://example.com/r.git/' not found")).toBe(
      "fatal: repository 'https://example.com/r.git/' not found",
    );
  });
});
