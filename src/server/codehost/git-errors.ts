/**
 * What went wrong in a git command, as a kind the code-hosting service can act on (ask the user to
 * reconnect, offer Pull or Override, retry later). Kinds come from git's own stderr, which is
 * stable enough to match under LC_ALL=C. `invalid-ref` is a branch name refused before git runs
 * (core/codehost/branch-name.ts); `corrupt` is data from the remote that git could not use (a
 * damaged pack, objects missing from it): a failure of the remote, like `network`.
 */
export type GitErrorKind =
  'auth' | 'not-found' | 'rejected' | 'stale' | 'network' | 'corrupt' | 'timeout' | 'invalid-ref' | 'failed';

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
  // Before `network`: a remote that breaks off because its own repository is corrupt also says
  // "the remote end hung up".
  [
    'corrupt',
    /did not send all necessary objects|missing (blob|tree|commit|tag) object|is corrupt\b|repository corruption|bad pack header|pack signature mismatch|pack has bad object|unresolved delta|pack is corrupted|inflate: data stream error|expected 'packfile'|protocol error: bad|bad object [0-9a-f]{40}|hash mismatch/i,
  ],
  [
    'network',
    /returned error: (5\d\d|429)\b|HTTP (5\d\d|429)\b|connection refused|could not resolve host|failed to connect|couldn't connect|connection reset|connection timed out|operation timed out|empty reply from server|recv failure|send failure|transfer closed|the remote end hung up unexpectedly|early EOF|SSL_ERROR|gnutls_handshake|unexpected disconnect/i,
  ],
  // After `network`: a connection cut mid-pack prints these too, with a network line.
  [
    'corrupt',
    /premature end of pack file|invalid index-pack output|index-pack failed|unpack-objects failed/i,
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
