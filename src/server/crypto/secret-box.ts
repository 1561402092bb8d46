import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Credentials at rest (GitHub tokens, sign-in OAuth tokens, integrations' keys; the list is
 * sealed-columns.ts, docs/operations/secrets.md): AES-256-GCM with a key derived
 * from KILN_SECRET by HKDF-SHA256 (one purpose label per use, so a key never serves two). Each
 * sealed value names its key (`kiln1.{keyId}.{iv}.{ciphertext}.{tag}`, base64url), so after the
 * secret changes, values sealed with an older one still open when that secret is passed as a
 * previous key, and can be sealed again with the new one.
 */
export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
  /** Whether a value was sealed with an older key (re-seal it). */
  isStale(sealed: string): boolean;
}

const FORMAT = 'kiln1';

interface Key {
  id: string;
  bytes: Buffer;
}

function deriveKey(secret: string, purpose: string): Key {
  const bytes = Buffer.from(hkdfSync('sha256', secret, 'kiln-secret-box', purpose, 32));
  const id = createHash('sha256').update(bytes).digest('hex').slice(0, 8);
  return { id, bytes };
}

export class SealedValueError extends Error {}

/** Whether a stored value is in the sealed format (else it predates sealing, e.g. an OAuth token). */
export function isSealed(value: string): boolean {
  return value.startsWith(`${FORMAT}.`);
}

export function createSecretBox(options: {
  secret: string;
  previous?: readonly string[];
  purpose: string;
}): SecretBox {
  const current = deriveKey(options.secret, options.purpose);
  const keys = new Map<string, Key>([[current.id, current]]);
  for (const old of options.previous ?? []) {
    const key = deriveKey(old, options.purpose);
    if (!keys.has(key.id)) keys.set(key.id, key);
  }
  const b64 = (buffer: Buffer) => buffer.toString('base64url');

  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current.bytes, iv);
      // The key id and format are authenticated too: a value cannot be moved to another key.
      cipher.setAAD(Buffer.from(`${FORMAT}.${current.id}`));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [FORMAT, current.id, b64(iv), b64(ciphertext), b64(cipher.getAuthTag())].join('.');
    },
    open(sealed) {
      const [format, keyId, iv, ciphertext, tag] = sealed.split('.');
      if (format !== FORMAT || !keyId || !iv || ciphertext === undefined || !tag) {
        throw new SealedValueError('Not a sealed value');
      }
      const key = keys.get(keyId);
      if (!key) throw new SealedValueError('Sealed with a key this server does not have');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(`${FORMAT}.${keyId}`));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(ciphertext, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SealedValueError('The sealed value was altered');
      }
    },
    isStale(sealed) {
      return sealed.split('.')[1] !== current.id;
    },
  };
}
