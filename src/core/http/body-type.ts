/**
 * What a state-changing API request may carry (issue 12 item 2): JSON, or multipart form data
 * where a route takes uploads. A cross-site page can send `text/plain` or a form without asking
 * the browser first; a JSON route that read such a body as "no fields" would act on defaults.
 */

export type BodyType = 'json' | 'multipart';

export type BodyTypeVerdict =
  { allowed: true } | { allowed: false; code: 'unsupported-media-type'; message: string };

export const UNSUPPORTED_MEDIA_TYPE = 'unsupported-media-type';

/** `application/json` or any `application/*+json`, parameters (charset) allowed. */
function isJson(mediaType: string): boolean {
  return /^application\/([\w.-]+\+)?json$/.test(mediaType);
}

const mediaTypeOf = (contentType: string | null | undefined) =>
  (contentType ?? '').split(';')[0]!.trim().toLowerCase();

/**
 * A multipart route needs `multipart/form-data`; a JSON route needs `application/json` whenever
 * a body or a Content-Type is sent (a bodiless POST such as like or stop is fine).
 */
export function checkBodyType(
  expected: BodyType,
  request: { contentType: string | null | undefined; hasBody: boolean },
): BodyTypeVerdict {
  const mediaType = mediaTypeOf(request.contentType);
  if (expected === 'multipart') {
    if (mediaType === 'multipart/form-data') return { allowed: true };
    return {
      allowed: false,
      code: UNSUPPORTED_MEDIA_TYPE,
      message: 'This request must be sent as multipart/form-data.',
    };
  }
  if (mediaType === '' ? !request.hasBody : isJson(mediaType)) return { allowed: true };
  return {
    allowed: false,
    code: UNSUPPORTED_MEDIA_TYPE,
    message: 'This request must be sent as JSON (Content-Type: application/json).',
  };
}
