import { zValidator } from '@hono/zod-validator';
import type { Context, ValidationTargets } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import { INVALID_VERSION, parseVersionNumber } from '../../core/chats/index.ts';
import { ServiceError } from './errors.ts';

/** The code of a request whose parameters or body do not have the documented shape. */
export const INVALID_REQUEST = 'invalid-request';

/**
 * A validation failure as the documented error body (`{ error: { code, message } }`, 400):
 * a field whose schema names its own code (a version) answers with it, any other with
 * `invalid-request` and the first problem found. Also used by the app's error handler for a
 * ZodError thrown by a `schema.parse` anywhere.
 */
export function invalidRequest(error: z.core.$ZodError): ServiceError {
  const issue = error.issues[0];
  const code = issue?.code === 'custom' && typeof issue.params?.code === 'string' ? issue.params.code : null;
  if (code !== null) return new ServiceError(400, code, issue!.message);
  const where = issue && issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
  return new ServiceError(400, INVALID_REQUEST, issue ? `${where}${issue.message}` : 'Invalid request');
}

/**
 * The one request validator of every route: @hono/zod-validator, whose own failure answer
 * (`{ success: false, error: ZodError }`) is replaced by the documented error body.
 */
export function validate<Schema extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw invalidRequest(result.error);
  });
}

/** A version number from a body, a query or a path (core rule), else 400 `invalid-version`. */
export const versionNumber = z.unknown().transform((raw, ctx) => {
  const version = parseVersionNumber(raw);
  if (version !== null) return version;
  ctx.addIssue({ code: 'custom', message: INVALID_VERSION.message, params: { code: INVALID_VERSION.code } });
  return z.NEVER;
});

/** A version from a URL's path or query: the number, or a 400 `invalid-version` thrown. */
export function requireVersionNumber(raw: string | undefined): number {
  const version = parseVersionNumber(raw);
  if (version === null) throw new ServiceError(400, INVALID_VERSION.code, INVALID_VERSION.message);
  return version;
}

/**
 * `c.req.parseBody` for form posts: a body that is not well-formed multipart (no boundary,
 * cut short) makes the platform's `formData()` throw; that is the sender's fault, a 400.
 */
export async function readFormBody(c: Context, options: { all?: boolean } = {}) {
  try {
    return await c.req.parseBody({ all: options.all ?? false });
  } catch (error) {
    // A refusal raised while reading (a body limit) keeps its own answer.
    if (error instanceof ServiceError || error instanceof HTTPException) throw error;
    throw new ServiceError(400, INVALID_REQUEST, 'The form data could not be read.');
  }
}

/** SQLSTATEs of a value PostgreSQL cannot hold: 22021 (a NUL in text), 22P05 (`\u0000` in jsonb). */
const UNSTORABLE_VALUE_STATES = new Set(['22021', '22P05']);

/**
 * Whether a failed query failed on a value from the request (a `%00` in an id looked up) rather
 * than on the server: the app answers it as a bad request. Routes that store text check it
 * first (`isStorableText`), so nothing is half stored; this catches every lookup.
 */
export function isUnstorableValueError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && UNSTORABLE_VALUE_STATES.has(code)) return true;
    current = cause;
  }
  return false;
}
