/**
 * What went wrong in a git command, as a kind the code-hosting service can act on (ask the user to
 * reconnect, offer Pull or Override, retry later). Kinds come from git's own stderr, which is
 * stable enough to match under LC_ALL=C.
 */
export type GitErrorKind = 'auth' | 'not-found' | 'rejected' | 'stale' | 'network' | 'timeout' | 'failed';

/** A failed git operation. Its message never holds a token (every stderr is redacted first). */
export class GitError extends Error {
  constructor(
    readonly kind: GitErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'GitError';
  }
}

// Order matters: a stale lease is also printed as "[rejected]", a 404 page may mention "not found".
const RULES: [GitErrorKind, RegExp][] = [
  ['stale', /stale info/i],
  ['rejected', /\[rejected\]|\[remote rejected\]|non-fast-forward|fetch first|failed to push some refs/i],
  [
    'auth',
    /could not read (username|password)|authentication failed|terminal prompts disabled|returned error: 40[13]\b|HTTP 40[13]\b|permission to .* denied|invalid username or (password|token)/i,
  ],
  [
    'not-found',
    /returned error: 404\b|HTTP 404\b|repository '.*' not found|repository not found|couldn't find remote ref/i,
  ],
  [
    'network',
    /returned error: (5\d\d|429)\b|HTTP (5\d\d|429)\b|connection refused|could not resolve host|failed to connect|couldn't connect|connection reset|connection timed out|operation timed out|empty reply from server|recv failure|send failure|transfer closed|the remote end hung up unexpectedly|early EOF|SSL_ERROR|gnutls_handshake|unexpected disconnect/i,
  ],
];

/** The kind of a failed command that talked to a remote, from its stderr. */
export function classifyRemoteFailure(stderr: string): GitErrorKind {
  for (const [kind, pattern] of RULES) if (pattern.test(stderr)) return kind;
  return 'failed';
}

/** The lines of git's stderr worth showing (fatal/error/remote/rejection lines), shortened. */
export function summarizeStderr(stderr: string, maxLength = 600): string {
  const lines = stderr
    .split(/\r?\n|\r/)
    .map((line) => line.trimEnd())
    .filter(Boolean);
  const telling = lines.filter((line) => /^(fatal|error|remote):|^ ?! /i.test(line));
  const chosen = (telling.length ? telling : lines.slice(-3)).join(' | ');
  return chosen.length > maxLength ? `${chosen.slice(0, maxLength - 1)}…` : chosen;
}
