/**
 * PostgreSQL's `text` and `jsonb` cannot hold U+0000: a NUL typed into a URL (`%00`), a form
 * or a JSON string would fail the query that stores or looks it up. Text from outside is
 * checked for it before anything is stored or spent.
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000');
}

export const UNSTORABLE_TEXT = {
  code: 'invalid-request',
  message: 'The request holds a NUL character, which no text may contain.',
} as const;
