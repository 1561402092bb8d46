/** Helpers for the demo model's tests: one call through streamText, laid out as generation does. */
import { streamText } from 'ai';
import {
  parseArtifactText,
  parseSnapshot,
  serializeSnapshot,
  type Snapshot,
} from '../../../core/artifact/index.ts';
import type { Framework } from '../../../core/frameworks/index.ts';
import { deriveSnapshot } from '../../../core/snapshot/index.ts';
import { frameworkLine, renderContextBlock, type AttachedImage } from '../prompts/context.ts';
import { selectionInstruction, type ElementSelection } from '../../generation/selection.ts';
import { createDemoModel } from './index.ts';

export interface DemoRun {
  text: string;
  deltas: string[];
}

export async function runDemo(input: {
  framework: Framework;
  prompt: string;
  snapshot?: Snapshot | null;
  delayMs?: number;
  /** Images attached to the request, listed in the context block as generation does. */
  attachedImages?: AttachedImage[];
  /** More system prompt after the framework line (e.g. the integrations section). */
  system?: string;
  /** An element selected in the preview: its part before the prompt, as generation sends it. */
  selection?: ElementSelection;
}): Promise<DemoRun> {
  const snapshot = input.snapshot ?? null;
  const locked = snapshot?.files.filter((file) => file.isLocked).map((file) => file.name) ?? [];
  const result = streamText({
    model: createDemoModel({ delayMs: input.delayMs ?? 0 }),
    system: [`You are Kiln.\n${frameworkLine(input.framework)}`, input.system ?? ''].join('\n'),
    messages: [
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: renderContextBlock(
              snapshot ? serializeSnapshot(snapshot) : null,
              locked,
              input.attachedImages ?? [],
            ),
          },
          ...(input.selection
            ? [{ type: 'text' as const, text: selectionInstruction(input.selection) }]
            : []),
          { type: 'text', text: input.prompt },
        ],
      },
    ],
  });
  const deltas: string[] = [];
  for await (const delta of result.textStream) deltas.push(delta);
  return { text: deltas.join(''), deltas };
}

/** The next version's snapshot, derived by the core rules from the answer. */
export function nextSnapshot(previous: Snapshot | null, answer: string): Snapshot {
  const parsed = parseArtifactText(answer);
  return deriveSnapshot(previous, { title: parsed.title, files: parsed.files });
}

export function fileContent(snapshot: Snapshot, name: string): string {
  const file = snapshot.files.find((candidate) => candidate.name === name);
  if (!file) throw new Error(`no ${name} in ${snapshot.files.map((f) => f.name).join(', ')}`);
  return file.content;
}

export { parseSnapshot };
