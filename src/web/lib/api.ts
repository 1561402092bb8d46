/** A failed API call: the HTTP status, the server's error code when it sent one, and its message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  /** The spec's title for the failure, when the server sent one. */
  readonly title: string | null;
  /** The other fields of the server's error body (`max`, `limit`, `resetsAt`, …). */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(
    status: number,
    code: string | null,
    message: string,
    title: string | null = null,
    details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.title = title;
    this.details = details;
  }
}

interface ErrorBody {
  error?: ({ code?: unknown; message?: unknown; title?: unknown } & Record<string, unknown>) | string;
}

/** Turns a failed response into an ApiError (exported for streamed calls that read the body themselves). */
export async function readError(response: Response): Promise<ApiError> {
  let code: string | null = null;
  let title: string | null = null;
  let details: Record<string, unknown> = {};
  let message = response.statusText || `Request failed (${response.status})`;
  try {
    const text = await response.text();
    try {
      const body = JSON.parse(text) as ErrorBody;
      if (typeof body.error === 'string') {
        message = body.error;
      } else if (body.error) {
        const { code: rawCode, message: rawMessage, title: rawTitle, ...rest } = body.error;
        if (typeof rawCode === 'string') code = rawCode;
        if (typeof rawMessage === 'string' && rawMessage) message = rawMessage;
        if (typeof rawTitle === 'string' && rawTitle) title = rawTitle;
        details = rest;
      }
    } catch {
      // Spec §7: a non-OK answer may be plain text.
      if (text.trim() !== '' && text.length < 500 && !text.trimStart().startsWith('<')) message = text.trim();
    }
  } catch {
    // No readable body (a network cut): keep the status text.
  }
  return new ApiError(response.status, code, message, title, details);
}

/**
 * Calls the Kiln API on the same origin with the session cookie and returns the parsed JSON.
 * Throws an ApiError carrying the server's `error.message`, or the status text.
 */
export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (init.body !== undefined && typeof init.body === 'string' && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }
  const response = await fetch(path, { ...init, headers, credentials: 'same-origin' });
  if (!response.ok) throw await readError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** Sends a JSON body with POST (spec §7: the generic JSON POST helper). */
export function apiPost<T>(path: string, body: unknown, init: RequestInit = {}): Promise<T> {
  return apiFetch<T>(path, { ...init, method: 'POST', body: JSON.stringify(body) });
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
