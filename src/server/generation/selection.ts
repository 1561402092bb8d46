import { z } from 'zod';
import {
  MAX_SELECTION_FILE,
  MAX_SELECTION_HTML,
  MAX_SELECTION_TAG,
} from '../../core/preview/select-messages.ts';

/** An element picked in the preview with the Select tool (issue 17 item 2). */
export const elementSelection = z.object({
  file: z.string().min(1).max(MAX_SELECTION_FILE),
  line: z.number().int().positive().max(1_000_000),
  column: z.number().int().positive().max(1_000_000),
  tagName: z
    .string()
    .max(MAX_SELECTION_TAG)
    .regex(/^[a-zA-Z][a-zA-Z0-9-]*$/),
  outerHTML: z.string().max(MAX_SELECTION_HTML),
});

export type ElementSelection = z.infer<typeof elementSelection>;

/**
 * The `selection` form field of POST /api/components: JSON of an element selection, or absent.
 * Anything else is a 400 `invalid-request` (the app's handler answers a thrown ZodError).
 */
export const selectionField = z
  .union([z.string().max(MAX_SELECTION_HTML * 2 + 1000), z.undefined()])
  .transform((raw, ctx) => {
    if (raw === undefined || raw === '') return undefined;
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'selection: not JSON' });
      return z.NEVER;
    }
  })
  .pipe(elementSelection.optional());

/** What the model is told about the selected element, before the user's prompt. */
export function selectionInstruction(selection: ElementSelection): string {
  const longestTicks = (selection.outerHTML.match(/`+/g) ?? []).reduce(
    (most, run) => Math.max(most, run.length),
    2,
  );
  const fence = '`'.repeat(longestTicks + 1);
  return [
    'The user selected an element in the preview. Change this element as the request below asks, and leave the rest as it is unless the request needs more:',
    `- source: ${selection.file}, line ${selection.line}, column ${selection.column}`,
    `- element: <${selection.tagName}>`,
    '- its HTML as rendered in the preview (may be cut short):',
    `${fence}html`,
    selection.outerHTML,
    fence,
  ].join('\n');
}
