import { describe, expect, it } from 'vitest';
import { createSecretBox, SealedValueError } from './secret-box.ts';

const SECRET = 's'.repeat(40);

describe('secret box (AES-256-GCM, key from KILN_SECRET)', () => {
  it('seals and opens; the sealed text holds nothing of the plaintext and differs every time', () => {
    const box = createSecretBox({ secret: SECRET, purpose: 'github-token' });
    const a = box.seal('ghp_supersecret');
    const b = box.seal('ghp_supersecret');
    expect(a).not.toBe(b);
    expect(a).not.toContain('supersecret');
    expect(box.open(a)).toBe('ghp_supersecret');
  });

  it("refuses an altered value, another purpose's key and another secret", () => {
    const box = createSecretBox({ secret: SECRET, purpose: 'github-token' });
    const sealed = box.seal('token');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow(SealedValueError);
    expect(() => createSecretBox({ secret: SECRET, purpose: 'other' }).open(sealed)).toThrow(
      SealedValueError,
    );
    expect(() => createSecretBox({ secret: 't'.repeat(40), purpose: 'github-token' }).open(sealed)).toThrow(
      SealedValueError,
    );
  });

  it('opens values sealed with a previous secret, and says they are stale', () => {
    const old = createSecretBox({ secret: 'o'.repeat(40), purpose: 'github-token' });
    const sealed = old.seal('token');
    const rotated = createSecretBox({ secret: SECRET, previous: ['o'.repeat(40)], purpose: 'github-token' });
    expect(rotated.open(sealed)).toBe('token');
    expect(rotated.isStale(sealed)).toBe(true);
    expect(rotated.isStale(rotated.seal('token'))).toBe(false);
  });
});
