import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The key the CLI shows a running server (issue 35 item 9): derived from Kiln's secret, which only
 * the machine's operator can read (KILN_SECRET or the data folder's secret file), so holding it
 * is holding the installation. Never stored, never sent anywhere but the server's own address.
 */
export function adminCliKey(secret: string): string {
  return createHmac('sha256', secret).update('kiln admin cli v1').digest('base64url');
}

/** Compares a presented key with the server's without telling how much of it matched. */
export function isAdminCliKey(key: string, presented: string | undefined): boolean {
  if (!presented) return false;
  const expected = Buffer.from(key);
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
