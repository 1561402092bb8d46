/**
 * What a person types to name a repository (issue 15 item 6): `owner/name`, or its address on
 * the code host (`https://github.com/owner/name`, `.git` and a trailing slash allowed, a
 * `/tree/{branch}` tail read as the branch, percent-decoded). Anything else is null.
 */
export interface RepositoryRef {
  owner: string;
  name: string;
  branch: string | null;
}

const PART = /^[A-Za-z0-9_.-]{1,100}$/;

export function parseRepositoryInput(input: string, webUrl: string): RepositoryRef | null {
  const text = input.trim();
  let path = text;
  if (/^https?:\/\//i.test(text)) {
    let url: URL;
    let base: URL;
    try {
      url = new URL(text);
      base = new URL(webUrl);
    } catch {
      return null;
    }
    if (url.host.toLowerCase() !== base.host.toLowerCase()) return null;
    path = url.pathname;
  }
  const parts = path.replace(/^\/+|\/+$/g, '').split('/');
  if (parts.length < 2) return null;
  const [owner = '', rawName = '', ...rest] = parts;
  const name = rawName.replace(/\.git$/, '');
  if (!PART.test(owner) || !PART.test(name) || name === '.' || name === '..') return null;
  if (rest.length === 0) return { owner, name, branch: null };
  if (rest[0] === 'tree' && rest.length >= 2) {
    // An address spells the branch percent-encoded (`a%7Bb%7D` is `a{b}`); git's rule is checked later.
    try {
      return { owner, name, branch: rest.slice(1).map(decodeURIComponent).join('/') };
    } catch {
      return null;
    }
  }
  return null;
}
