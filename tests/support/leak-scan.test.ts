import { describe, expect, it } from 'vitest';
import { findLeaks } from './leak-scan.ts';

describe('leak scan', () => {
  const secret = 'kiln/secret value+1234567890';

  it('finds a secret as is and in the encodings a log line would carry it in', () => {
    expect(findLeaks(`config: ${secret}`, { KILN_SECRET: secret })).toEqual(['KILN_SECRET (as is)']);
    for (const encoded of [
      encodeURIComponent(secret),
      Buffer.from(secret).toString('base64'),
      Buffer.from(secret).toString('base64url'),
      Buffer.from(secret).toString('hex'),
    ]) {
      expect(findLeaks(`GET /x?t=${encoded}`, { KILN_SECRET: secret }), encoded).toEqual([
        'KILN_SECRET (encoded)',
      ]);
    }
    expect(findLeaks('nothing here', { KILN_SECRET: secret })).toEqual([]);
  });

  it('refuses a needle too short to mean anything', () => {
    expect(() => findLeaks('x', { short: 'abc' })).toThrow();
  });
});
