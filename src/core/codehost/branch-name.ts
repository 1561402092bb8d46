/**
 * Which branch names Kiln hands to git (issue 31 item 6): git's own rule for a ref name
 * (`git check-ref-format refs/heads/{name}`), plus what git refuses for a branch
 * (`check-ref-format --branch`: no leading `-`, not `HEAD`). A name comes from a person (import's
 * branch, a `/tree/{branch}` address) or from the remote (its HEAD, GitHub's default branch), so
 * it is checked here, before git ever sees it: a name such as `--upload-pack=…` must never reach
 * a command line, where git could read it as an option.
 */
export type BranchNameCheck = { ok: true; name: string } | { ok: false; reason: string };

/** Longer names cannot be stored as a loose ref on common file systems (255 bytes a file name). */
export const MAX_BRANCH_NAME_BYTES = 255;

/** What git refuses anywhere in a ref name: control characters, space, `~ ^ : ? * [ \` and DEL. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARACTER = /[\u0000-\u0020\u007f~^:?*[\\]/;

export function checkBranchName(name: string): BranchNameCheck {
  const refuse = (reason: string): BranchNameCheck => ({ ok: false, reason });
  if (name === '') return refuse('it is empty');
  if (name.startsWith('-')) return refuse('it starts with "-"');
  // `HEAD` is refused by git itself; `@` is git's shorthand for HEAD.
  if (name === 'HEAD' || name === '@') return refuse(`"${name}" names HEAD, not a branch`);
  if (new TextEncoder().encode(name).length > MAX_BRANCH_NAME_BYTES) {
    return refuse(`it is longer than ${MAX_BRANCH_NAME_BYTES} bytes`);
  }
  if (FORBIDDEN_CHARACTER.test(name)) {
    return refuse('it holds a space, a control character or one of ~ ^ : ? * [ \\');
  }
  if (name.includes('..')) return refuse('it holds ".."');
  if (name.includes('@{')) return refuse('it holds "@{"');
  if (name.startsWith('/') || name.endsWith('/') || name.includes('//')) {
    return refuse('it starts or ends with "/" or holds "//"');
  }
  if (name.endsWith('.')) return refuse('it ends with "."');
  for (const part of name.split('/')) {
    if (part.startsWith('.')) return refuse('a part of it starts with "."');
    if (part.endsWith('.lock')) return refuse('a part of it ends with ".lock"');
  }
  return { ok: true, name };
}

/** A name for a message: quoted, control characters escaped, cut short. */
export function shownBranchName(name: string): string {
  return JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name);
}
