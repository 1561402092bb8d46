import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { apiError } from './errors.ts';

export const PAYLOAD_TOO_LARGE = 'payload-too-large';

const tooLarge = (c: Context) => apiError(c, 413, PAYLOAD_TOO_LARGE, 'The request is too large.');

/**
 * Refuses a body above `maxSize` bytes with 413 `payload-too-large`: at once when its
 * Content-Length says so (nothing read), else as soon as the bytes read pass the limit.
 */
export function limitBody(maxSize: number): MiddlewareHandler {
  return bodyLimit({ maxSize, onError: tooLarge });
}
