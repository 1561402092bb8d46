/** Up to two capital letters for an avatar fallback: 'Ada Lovelace' → 'AL', 'ada@x.io' → 'A'. */
export function initialsOf(name: string | null | undefined, email?: string | null): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  if (first) return `${first[0] ?? ''}${last?.[0] ?? ''}`.toUpperCase();
  const fromEmail = email?.trim()[0];
  return fromEmail ? fromEmail.toUpperCase() : '?';
}
