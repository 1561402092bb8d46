import { and, eq } from 'drizzle-orm';
import {
  finishReasonMarker,
  parseArtifactText,
  serializeSnapshot,
  type Segment,
  type Snapshot,
} from '../../core/artifact/index.ts';
import type { TokenUsage } from '../../core/costs/index.ts';
import type { Framework } from '../../core/frameworks/index.ts';
import { INSTRUCTIONS_FILE, isInstructionsFile } from '../../core/instructions/index.ts';
import { deriveVersion, type EditFailure } from '../../core/snapshot/index.ts';
import type { Database } from '../db/client.ts';
import { chats, messages } from '../db/schema/index.ts';
import { editFailedNote } from './edit-retry.ts';
import { fixProject, type ProjectFixDeps } from './project-fixes.ts';
import { placeBinaryFiles, type VersionAssets } from './version-assets.ts';

export type EndReason = 'stop' | 'length' | 'error';

export interface FinishedVersion {
  /** False when the model produced no text at all ('Generation failed'): the version is removed. */
  kept: boolean;
  finishReason: EndReason;
  artifactCode: string | null;
  title: string | null;
}

/**
 * Ends a version: places the answer's binary files in the blob store (decision 0039), derives
 * its full snapshot from the base snapshot and the answer's file actions (core rules: replace,
 * delete, continue-merge, edits, locked files untouched), adds a sentence per binary file that
 * could not be placed and per edit that did not apply (unless already named), lets Kiln fix the
 * project (project-fixes.ts: packages imported but not declared are added to package.json, each
 * fix with a note) and adds the finish marker for length/error, and stores it. An empty answer
 * removes the version.
 */
export async function finishVersion(
  db: Database,
  input: {
    chatId: string;
    version: number;
    messageId: string;
    text: string;
    reason: EndReason;
    base: Snapshot | null;
    assets: VersionAssets;
    /** Files whose failed edit the answer names already (Kiln asked for them in full, 0044). */
    notedEdits?: ReadonlySet<string>;
    /** The model and the tokens its provider reported, with their price (issue 17 item 3). */
    cost?: { modelId: string; usage: TokenUsage | null; costUsd: number | null };
    /** The chat's framework and what Kiln's fixes need; without it the version is stored as derived. */
    project?: { framework: Framework; fixes: ProjectFixDeps };
  },
): Promise<FinishedVersion> {
  if (input.text.trim() === '') {
    await db
      .delete(messages)
      .where(and(eq(messages.chatId, input.chatId), eq(messages.version, input.version)));
    return { kept: false, finishReason: 'error', artifactCode: null, title: null };
  }
  const parsed = parseArtifactText(input.text);
  const placed = await placeBinaryFiles(parsed.files, input.base, input.assets);
  // KILN.md holds the owner's instructions, sent with every later generation: an answer (maybe
  // steered by text it was shown, a cloned page's) must not write its own (decision 0045).
  const files = placed.files.filter((file) => !isInstructionsFile(file.name));
  const instructionNotes =
    files.length < placed.files.length
      ? [`${INSTRUCTIONS_FILE} holds the owner's instructions; the answer's change to it was not applied.`]
      : [];
  const derived = deriveVersion(input.base, { title: parsed.title, files });
  const { snapshot, notes: fixNotes } = await fixedProject(derived.snapshot, input);
  const artifactCode = serializeSnapshot(snapshot);
  const { failedEdits } = derived;
  const editNotes = unnotedEditFailures(failedEdits, input.notedEdits ?? new Set()).map(editFailedNote);
  const text = withNotes(
    input.text,
    [...placed.notes, ...instructionNotes, ...editNotes, ...fixNotes],
    parsed.segments.at(-1),
  );
  const content = input.reason === 'stop' ? text : `${text}\n${finishReasonMarker(input.reason)}`;
  await db
    .update(messages)
    .set({
      content,
      artifactCode,
      finishReason: input.reason,
      updatedAt: new Date(),
      ...(input.cost ? costColumns(input.cost) : {}),
    })
    .where(eq(messages.id, input.messageId));
  const hasTitle = snapshot.title !== '' && snapshot.title !== 'Untitled';
  await db
    .update(chats)
    .set({ artifactCode, updatedAt: new Date(), ...(hasTitle ? { title: snapshot.title } : {}) })
    .where(eq(chats.id, input.chatId));
  return { kept: true, finishReason: input.reason, artifactCode, title: hasTitle ? snapshot.title : null };
}

/** The version after Kiln's fixes; as derived when there is no project to fix or a fix fails. */
async function fixedProject(
  snapshot: Snapshot,
  input: Pick<Parameters<typeof finishVersion>[1], 'project' | 'text'>,
): Promise<{ snapshot: Snapshot; notes: string[] }> {
  if (!input.project || snapshot.files.length === 0) return { snapshot, notes: [] };
  try {
    return await fixProject(
      { snapshot, framework: input.project.framework, answerText: input.text },
      input.project.fixes,
    );
  } catch (error) {
    input.project.fixes.log?.(`project fixes failed; the version is stored as derived: ${String(error)}`);
    return { snapshot, notes: [] };
  }
}

function costColumns(cost: NonNullable<Parameters<typeof finishVersion>[1]['cost']>) {
  return {
    modelId: cost.modelId,
    inputTokens: cost.usage?.inputTokens ?? null,
    outputTokens: cost.usage?.outputTokens ?? null,
    cachedInputTokens: cost.usage?.cachedInputTokens ?? null,
    costUsd: cost.usage ? cost.costUsd : null,
  };
}

/**
 * The failed edits the answer does not name yet: every failure of a file Kiln did not ask about,
 * and a second failure of one it did (the whole-file reply edited instead; no second retry).
 */
function unnotedEditFailures(failures: readonly EditFailure[], noted: ReadonlySet<string>): string[] {
  const count = new Map<string, number>();
  for (const failure of failures) count.set(failure.name, (count.get(failure.name) ?? 0) + 1);
  return [...count].filter(([name, n]) => n > (noted.has(name) ? 1 : 0)).map(([name]) => name);
}

/**
 * The answer with the notes as a paragraph of its own: after the text when the answer ended
 * outside any element, else before it (text after an unclosed file would become its content).
 */
function withNotes(text: string, notes: readonly string[], last: Segment | undefined): string {
  if (notes.length === 0) return text;
  const paragraph = notes.join('\n\n');
  const isClosed = last === undefined || last.type === 'text' || last.isComplete;
  return isClosed ? `${text}\n\n${paragraph}` : `${paragraph}\n\n${text}`;
}
