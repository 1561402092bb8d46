import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A private chat's preview lives on another origin, where the app's host-only session cookie
 * is not sent; the editor carries this short-lived signed token instead (decision 0034).
 */
/** The cookie a private preview's token becomes on its preview host (never sent to its app server). */
export const TOKEN_COOKIE = 'kiln_preview_token';

export const PREVIEW_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * What a token opens: one version of one chat (`{chatId}-{version}`, never the chat's other
 * versions), while the chat's `preview_token_epoch` is still `epoch`. Changing the chat's
 * visibility bumps the epoch (chats/actions.ts), which revokes every token given before.
 */
export interface PreviewTokenScope {
  chatId: string;
  version: number;
  epoch: number;
}

interface TokenBody {
  chatId: string;
  version: number;
  epoch: number;
  expiresAt: number;
}

function sign(secret: string, body: string): string {
  return createHmac('sha256', `kiln-preview-token:${secret}`).update(body).digest('base64url');
}

export function createPreviewToken(secret: string, scope: PreviewTokenScope, now = Date.now()): string {
  const body: TokenBody = {
    chatId: scope.chatId,
    version: scope.version,
    epoch: scope.epoch,
    expiresAt: now + PREVIEW_TOKEN_TTL_MS,
  };
  const encoded = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${encoded}.${sign(secret, encoded)}`;
}

function readBody(encoded: string): TokenBody | null {
  try {
    const body = JSON.parse(Buffer.from(encoded, 'base64url').toString()) as Partial<TokenBody> | null;
    if (!body || typeof body !== 'object') return null;
    const { chatId, version, epoch, expiresAt } = body;
    if (typeof chatId !== 'string' || typeof version !== 'number') return null;
    if (typeof epoch !== 'number' || typeof expiresAt !== 'number') return null;
    return { chatId, version, epoch, expiresAt };
  } catch {
    return null;
  }
}

/** Whether `token` was signed with `secret` for exactly this scope and has not expired. */
export function verifyPreviewToken(
  secret: string,
  scope: PreviewTokenScope,
  token: string,
  now = Date.now(),
): boolean {
  const [encoded, signature, ...rest] = token.split('.');
  if (!encoded || !signature || rest.length > 0) return false;
  const expected = Buffer.from(sign(secret, encoded));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  const body = readBody(encoded);
  return (
    body !== null &&
    body.chatId === scope.chatId &&
    body.version === scope.version &&
    body.epoch === scope.epoch &&
    body.expiresAt > now
  );
}
