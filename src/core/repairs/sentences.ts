/** 'a', 'a and b', 'a, b and c': names listed in a sentence of the chat. */
export function listInSentence(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
