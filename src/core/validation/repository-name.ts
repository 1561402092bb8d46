/** Spec §5 "Repository name". */
import { ERRORS, invalid, valid, type Validation } from '../errors.ts';

/** Spec: '{brand}' — ours is `kiln`. */
export const BRAND = 'kiln';

export function validateRepositoryName(input: string): Validation<string> {
  const name = input.trim();
  return name === '' ? invalid(ERRORS.repositoryNameRequired) : valid(name);
}

/** 'My  Todo App!' → 'my-todo-app': lowercased, runs of non-alphanumerics → one hyphen, none at the ends. */
export function slugifyTitle(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Spec §5: '{brand}-{slug}'; else '{brand}-' + the title slug; else
 * '{brand}-component-' + the first 8 characters of the chat id.
 */
export function defaultRepositoryName(chat: {
  id: string;
  slug?: string | null;
  title?: string | null;
}): string {
  const slug = chat.slug?.trim() ?? '';
  if (slug !== '') return `${BRAND}-${slug}`;
  const titleSlug = slugifyTitle(chat.title ?? '');
  if (titleSlug !== '') return `${BRAND}-${titleSlug}`;
  return `${BRAND}-component-${chat.id.slice(0, 8)}`;
}
