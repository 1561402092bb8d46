import type { Plan } from './catalogue.ts';

/** Room for the form around the prompt and files: ids, version, boundaries, part headers. */
export const GENERATION_FORM_OVERHEAD_BYTES = 64 * 1024;

/** UTF-8 spends at most 4 bytes on one character of a prompt. */
const MAX_BYTES_PER_CHARACTER = 4;

/**
 * The largest generation request (POST /api/components) a plan allows: its most attachments at
 * the largest size of any kind (so an oversize or forbidden file still gets the spec's message),
 * the longest prompt, and the form around them. Larger bodies are refused unread (413).
 */
export function maxGenerationBodyBytes(plan: Plan): number {
  const largestFile = Math.max(plan.maxPdfBytes, plan.maxImageBytes);
  return (
    plan.maxAttachments * largestFile +
    plan.promptMaxChars * MAX_BYTES_PER_CHARACTER +
    GENERATION_FORM_OVERHEAD_BYTES
  );
}
