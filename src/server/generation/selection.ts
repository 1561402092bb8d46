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

const SELECTION_HEADER =
  'The user selected an element in the preview. Change this element as the request below asks, and leave the rest as it is unless the request needs more:';

/** What the model is told about the selected element, before the user's prompt. */
export function selectionInstruction(selection: ElementSelection): string {
  const longestTicks = (selection.outerHTML.match(/`+/g) ?? []).reduce(
    (most, run) => Math.max(most, run.length),
    2,
  );
  const fence = '`'.repeat(longestTicks + 1);
  return [
    SELECTION_HEADER,
    `- source: ${selection.file}, line ${selection.line}, column ${selection.column}`,
    `- element: <${selection.tagName}>`,
    '- its HTML as rendered in the preview (may be cut short):',
    `${fence}html`,
    selection.outerHTML,
    fence,
  ].join('\n');
}

/**
 * The selection back from a text part `selectionInstruction` wrote (the offline demo model reads
 * it this way, decision 0040), or undefined for any other text. Kept beside the writer so the
 * format has one owner.
 */
export function readSelectionInstruction(text: string): ElementSelection | undefined {
  const lines = text.split('\n');
  if (lines[0] !== SELECTION_HEADER) return undefined;
  const source = /^- source: (.+), line (\d+), column (\d+)$/.exec(lines[1] ?? '');
  const element = /^- element: <([^<>]+)>$/.exec(lines[2] ?? '');
  const open = /^(`{3,})html$/.exec(lines[4] ?? '');
  const fence = open?.[1];
  // The HTML may hold newlines: everything between the opening fence and the closing one.
  if (!source || !element || fence === undefined || lines[lines.length - 1] !== fence) return undefined;
  const parsed = elementSelection.safeParse({
    file: source[1],
    line: Number(source[2]),
    column: Number(source[3]),
    tagName: element[1],
    outerHTML: lines.slice(5, -1).join('\n'),
  });
  return parsed.success ? parsed.data : undefined;
}
