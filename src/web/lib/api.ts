/** A failed API call: the HTTP status, the server's error code when it sent one, and its message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;

  constructor(status: number, code: string | null, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

interface ErrorBody {
  error?: { code?: unknown; message?: unknown } | string;
}

async function readError(response: Response): Promise<ApiError> {
  let code: string | null = null;
  let message = response.statusText || `Request failed (${response.status})`;
  try {
    const body = (await response.json()) as ErrorBody;
    if (typeof body.error === 'string') {
      message = body.error;
    } else if (body.error) {
      if (typeof body.error.code === 'string') code = body.error.code;
      if (typeof body.error.message === 'string' && body.error.message) message = body.error.message;
    }
  } catch {
    // Not JSON (a proxy error page, an empty body): keep the status text.
  }
  return new ApiError(response.status, code, message);
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
