import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DENIAL_STATUS, type Decision } from '../../core/permissions/index.ts';

/** Every user-facing failure: `{ error: { code, message } }` with a fitting status (conventions). */
export interface ApiErrorBody {
  error: { code: string; message: string; title?: string; [extra: string]: unknown };
}

export function apiError(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
) {
  const body: ApiErrorBody = { error: { code, message, ...extra } };
  return c.json(body, status);
}

/** Turns a permission denial into its response (404 for a private chat, never 403). */
export function denied(c: Context, decision: Extract<Decision, { allowed: false }>) {
  return apiError(c, DENIAL_STATUS[decision.reason], decision.reason, decision.message);
}
