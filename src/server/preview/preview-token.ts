import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A private chat's preview lives on another origin, where the app's host-only session cookie
 * is not sent; the editor carries this short-lived signed token instead (decision 0034).
 */
export const PREVIEW_TOKEN_TTL_MS = 60 * 60 * 1000;

function sign(secret: string, body: string): string {
  return createHmac('sha256', `kiln-preview-token:${secret}`).update(body).digest('base64url');
}

export function createPreviewToken(secret: string, chatId: string, now = Date.now()): string {
  const body = `${chatId}.${now + PREVIEW_TOKEN_TTL_MS}`;
  return `${Buffer.from(body).toString('base64url')}.${sign(secret, body)}`;
}

export function verifyPreviewToken(secret: string, chatId: string, token: string, now = Date.now()): boolean {
  const [encoded, signature] = token.split('.');
  if (!encoded || !signature) return false;
  const body = Buffer.from(encoded, 'base64url').toString();
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  const dot = body.lastIndexOf('.');
  return body.slice(0, dot) === chatId && Number(body.slice(dot + 1)) > now;
}

/**
 * What a token for one version signs: it opens `{chatId}-{version}` and no other version of the
 * chat (a marketplace listing shows its listed version to everyone, never the seller's newer ones).
 */
export function versionTokenSubject(chatId: string, version: number): string {
  return `${chatId}-${version}`;
}
