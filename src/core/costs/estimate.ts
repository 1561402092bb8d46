/**
 * Estimated input tokens of a request before it is sent (issue 17 item 3). Kiln talks to several
 * providers whose tokenizers differ, so the estimate is the common rule of thumb — about four
 * characters per token of English and code — rather than one provider's tokenizer.
 */
export const CHARS_PER_TOKEN = 4;

/** What an image costs as input, roughly (a ~1 megapixel image on OpenAI and Anthropic). */
export const IMAGE_TOKENS = 1_500;

/** A PDF is sent as its text: assume about one character of text per 8 bytes of file. */
const PDF_BYTES_PER_CHAR = 8;

export function estimateTextTokens(text: string | number): number {
  const chars = typeof text === 'number' ? text : text.length;
  return Math.ceil(chars / CHARS_PER_TOKEN);
}

export interface EstimatedAttachment {
  type: string;
  size: number;
}

export function estimateAttachmentTokens(file: EstimatedAttachment): number {
  if (file.type.startsWith('image/')) return IMAGE_TOKENS;
  if (file.type === 'application/pdf') return estimateTextTokens(Math.ceil(file.size / PDF_BYTES_PER_CHAR));
  return estimateTextTokens(file.size);
}

/** The prompt, the current version's files (the model is sent them as context) and the attachments. */
export function estimateRequestTokens(input: {
  prompt: string;
  snapshotChars: number;
  attachments: readonly EstimatedAttachment[];
}): number {
  return (
    estimateTextTokens(input.prompt) +
    estimateTextTokens(input.snapshotChars) +
    input.attachments.reduce((sum, file) => sum + estimateAttachmentTokens(file), 0)
  );
}

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** `950`, `1.2K`, `34K`: token counts in a line of small print. */
export function formatTokens(tokens: number): string {
  return compact.format(tokens);
}
