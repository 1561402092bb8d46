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

/**
 * A failure a service reports to the person: thrown by services, turned into the JSON error
 * body by the app's error handler, so routes stay a few lines long.
 */
export class ServiceError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  static fromDecision(decision: Extract<Decision, { allowed: false }>): ServiceError {
    return new ServiceError(DENIAL_STATUS[decision.reason], decision.reason, decision.message);
  }

  /** A spec validation error: its code, exact title and message. */
  static fromUserError(
    error: { code: string; title: string; message: string },
    status: ContentfulStatusCode = 400,
  ) {
    return new ServiceError(status, error.code, error.message, { title: error.title });
  }
}
