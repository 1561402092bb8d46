/**
 * Keeps access tokens out of everything git's output can reach (error messages, log lines):
 * peers leaked them exactly there. The token is sent as a Basic credential, so its base64 form is
 * just as secret as the token itself.
 */
const REDACTED = '[redacted]';

// Defence in depth, for a secret that reached git's output some other way.
const GENERIC_PATTERNS: [RegExp, string][] = [
  [/(authorization:\s*(?:basic|bearer|token)\s+)\S+/gi, `$1${REDACTED}`],
  [/\b(?:gh[pousr]_[A-Za-z0-9_]{16,}|github_pat_[A-Za-z0-9_]{20,})\b/g, REDACTED],
  [/(\/\/)[^/@\s:]+:[^/@\s]+@/g, `$1${REDACTED}@`],
];

/** The Basic credential git sends: base64("x-access-token:" + token), as GitHub documents. */
export function basicCredential(token: string): string {
  return Buffer.from(`x-access-token:${token}`, 'utf8').toString('base64');
}

/** Every form of the token that could show up in a text. */
function secretForms(token: string): string[] {
  const forms = new Set([
    token,
    basicCredential(token),
    Buffer.from(token, 'utf8').toString('base64'),
    encodeURIComponent(token),
    `x-access-token:${token}`,
  ]);
  return [...forms].filter((form) => form.length >= 4).sort((a, b) => b.length - a.length);
}

/** `text` with every form of `token` (if any) and anything that looks like a credential removed. */
export function redact(text: string, token?: string): string {
  let out = text;
  if (token) for (const form of secretForms(token)) out = out.split(form).join(REDACTED);
  for (const [pattern, replacement] of GENERIC_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}
