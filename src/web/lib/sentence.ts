/** A server's reason as a sentence of its own: ends with a full stop unless it has one ('Bad credentials' → 'Bad credentials.'). */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
