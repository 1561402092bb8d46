/**
 * When an answer's edit does not apply (decision 0044): the chat names the file and Kiln asks the
 * model once, within the same answer, for that one file in full. The request is the original
 * conversation plus the answer so far and one more user turn, so the model sees the current
 * file (in the snapshot it was sent) and what it tried.
 */
import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import { ARTIFACT_TAG, FILE_TAG, parseArtifactText, type Snapshot } from '../../core/artifact/index.ts';
import type { TokenUsage } from '../../core/costs/index.ts';
import { deriveVersion, type EditFailure } from '../../core/snapshot/index.ts';

/** The sentence the chat shows (the text). */
export function editFailedNote(name: string): string {
  return `Edit could not be applied to ${name}.`;
}

/** Shown while Kiln asks for the whole file; streamed into the answer before the model's reply. */
export function wholeFileRequestNote(name: string): string {
  return `${editFailedNote(name)} Asking the model for the whole file.`;
}

/**
 * The edits of a finished answer that did not apply, one per file, in answer order. null when
 * the answer ended inside an element: a sentence appended there would become file content.
 */
export function failedEditsOf(base: Snapshot | null, text: string): EditFailure[] | null {
  const parsed = parseArtifactText(text);
  const last = parsed.segments.at(-1);
  if (last !== undefined && last.type !== 'text' && !last.isComplete) return null;
  const seen = new Set<string>();
  return deriveVersion(base, parsed).failedEdits.filter((failure) => {
    if (seen.has(failure.name)) return false;
    seen.add(failure.name);
    return true;
  });
}

const WHY: Record<EditFailure['reason'], string> = {
  'not-found': 'its SEARCH text was not found in the current file',
  ambiguous: 'its SEARCH text matches more than one place in the current file',
  'empty-search': 'a SEARCH section was empty',
  'no-blocks': 'it held no complete SEARCH/REPLACE block',
  missing: 'the file does not exist',
  binary: 'it is a binary file',
};

/** The original request, the answer so far, and the request for the one file in full. */
export function wholeFileRequest(
  prompt: LanguageModelV3Prompt,
  answerSoFar: string,
  failure: EditFailure,
): LanguageModelV3Prompt {
  const block = failure.block >= 0 ? ` (block ${failure.block + 1})` : '';
  const ask = [
    `Your edit of ${failure.name} could not be applied${block}: ${WHY[failure.reason]}.`,
    `Write the complete new content of ${failure.name}, with the change you intended, as one`,
    `<${ARTIFACT_TAG}> holding a single <${FILE_TAG} name="${failure.name}"> element with the whole file:`,
    'no action="edit", no SEARCH/REPLACE blocks, no other files. Keep the explanation to one sentence.',
  ].join('\n');
  return [
    ...prompt,
    { role: 'assistant', content: [{ type: 'text', text: answerSoFar }] },
    { role: 'user', content: [{ type: 'text', text: ask }] },
  ];
}

type EndReason = 'stop' | 'length' | 'error';

/**
 * After a complete answer: for each file whose edit did not apply, the chat's note is streamed
 * into the answer and the model is asked once for that file in full; its reply streams into the
 * same answer (so the version's snapshot takes the whole file). No second retry: a reply whose
 * edit fails again is only named (finishVersion). Names asked about are added to `noted`.
 * Resolves with the reason the last reply ended with.
 */
export async function askForWholeFiles(input: {
  prompt: LanguageModelV3Prompt;
  base: Snapshot | null;
  generation: { text(): string; append(delta: string): void };
  read: (prompt: LanguageModelV3Prompt) => Promise<EndReason | null>;
  signal: AbortSignal;
  noted: Set<string>;
}): Promise<EndReason> {
  const failures = failedEditsOf(input.base, input.generation.text()) ?? [];
  let reason: EndReason = 'stop';
  for (const failure of failures) {
    if (input.signal.aborted) return 'error';
    const answerSoFar = input.generation.text();
    input.noted.add(failure.name);
    input.generation.append(`\n\n${wholeFileRequestNote(failure.name)}\n\n`);
    reason = (await input.read(wholeFileRequest(input.prompt, answerSoFar, failure))) ?? 'error';
    if (reason !== 'stop') break;
  }
  return reason;
}

/** The usage of an answer and of the whole-file request that followed it, as one. */
export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cachedInputTokens: a.cachedInputTokens + b.cachedInputTokens,
  };
}
