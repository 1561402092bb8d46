import { parseRepositoryInput as parseRepositoryRef } from '../../core/codehost/repository-input.ts';
import type { CodeHostRepoListItem } from '../lib/codehost-types.ts';

export type RepositoryInput =
  { ok: true; repository: string; fullName: string; branch: string | null } | { ok: false; message: string };

function originOf(text: string): string | null {
  try {
    return new URL(text).origin;
  } catch {
    return null;
  }
}

/**
 * What the import field holds, read by core's rule: 'owner/name', or a repository's address
 * ('https://github.com/owner/name', '.git', a '/tree/{branch}' tail). Only the server knows
 * which code host it talks to (KILN_GITHUB_URL), so here an address on any host is read and the
 * server checks the host; it gets the text as typed.
 */
export function parseRepositoryInput(text: string): RepositoryInput {
  const value = text.trim();
  if (value === '') return { ok: false, message: 'Choose a repository, or paste its address.' };
  const isAddress = /^https?:\/\//i.test(value);
  const origin = isAddress ? originOf(value) : 'https://github.com';
  const ref = origin ? parseRepositoryRef(value, origin) : null;
  if (!ref) {
    return {
      ok: false,
      message: 'Enter owner/name or a repository address, like https://github.com/owner/name.',
    };
  }
  return { ok: true, repository: value, fullName: `${ref.owner}/${ref.name}`, branch: ref.branch };
}

/** The user's repositories matching what is typed (any part of 'owner/name', any case). */
export function filterRepositories(
  repos: readonly CodeHostRepoListItem[],
  text: string,
): CodeHostRepoListItem[] {
  const query = text.trim().toLowerCase();
  if (query === '') return [...repos];
  const parsed = parseRepositoryInput(text);
  const needle = parsed.ok ? parsed.fullName.toLowerCase() : query;
  return repos.filter((repo) => repo.fullName.toLowerCase().includes(needle));
}
