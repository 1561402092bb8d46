import { decodeAttribute, normalizeFilePath } from '../../../core/artifact/index.ts';
import { CONTINUE_PROMPT, mergeContinuation } from '../../../core/snapshot/index.ts';
import { CATALOGUE, type CatalogueEntry } from './catalogue/index.ts';
import { entryFiles } from './project/entry-files.ts';
import type { AnswerFile, DemoFile, DemoRequest } from './types.ts';

export function isContinuePrompt(prompt: string): boolean {
  return prompt.trimStart().toLowerCase().startsWith(CONTINUE_PROMPT.toLowerCase());
}

/** The cut-off answer's last characters, as buildContinuePrompt quotes them. */
export function readContinueTail(prompt: string): string {
  const marker = 'it ended with:';
  const at = prompt.indexOf(marker);
  return at === -1 ? '' : prompt.slice(at + marker.length).replace(/^\s*\n/, '');
}

/** Which file the previous answer was writing when it stopped, if the tail shows it. */
export function findCutFile(tail: string, files: readonly DemoFile[]): string | undefined {
  const opens = [...tail.matchAll(/<kilnFile\b[^>]*?\bname\s*=\s*"([^"]*)"[^>]*>/gi)];
  const last = opens[opens.length - 1];
  if (last) {
    const isClosed = /<\/kilnFile\s*>/i.test(tail.slice((last.index ?? 0) + last[0].length));
    return isClosed ? undefined : normalizeFilePath(decodeAttribute(last[1] ?? ''));
  }
  if (/<\/kiln(File|Artifact)\s*>\s*$/i.test(tail)) return undefined;
  const end = tail.trimEnd();
  if (end.length < 12) return undefined;
  return files.find((file) => file.content.trimEnd().endsWith(end))?.name;
}

/**
 * The addition for a `continue` file: the missing rest, led by a few characters of the cut-off
 * content so the core overlap merge has something to anchor on. The overlap is checked against
 * mergeContinuation itself, so the merged file is exactly existing + rest.
 */
export function continuationContent(existing: string, rest: string): string | undefined {
  for (let overlap = Math.min(40, existing.length); overlap >= 0; overlap--) {
    const addition = existing.slice(existing.length - overlap) + rest;
    if (/^[\s`]/.test(addition)) continue;
    if (mergeContinuation(existing, addition) === existing + rest) return addition;
  }
  return undefined;
}

export interface Continuation {
  entry: CatalogueEntry;
  cutFile: string | undefined;
  files: AnswerFile[];
}

/**
 * Recomputes the answer the demo would have written for the snapshot's entry, and returns what
 * never arrived: the rest of the cut-off file (action="continue") and any files not written
 * at all. Undefined when the snapshot is not recognisably a demo answer.
 */
export function planContinuation(request: DemoRequest, tail: string): Continuation | undefined {
  const snapshot = request.snapshot;
  const current = new Map((snapshot?.files ?? []).map((file) => [file.name, file.content]));
  const cutFile = findCutFile(tail, snapshot?.files ?? []);
  const byTitle = CATALOGUE.filter((entry) => entry.title === snapshot?.title);
  const candidates = [...byTitle, ...CATALOGUE.filter((entry) => !byTitle.includes(entry))];

  for (const entry of candidates) {
    const expected = entryFiles(request.framework, entry);
    const isConsistent = expected.every((file) => {
      const have = current.get(file.name);
      if (have === undefined) return true;
      return file.name === cutFile ? file.content.startsWith(have) : have === file.content;
    });
    const overlaps = expected.some((file) => current.has(file.name));
    if (!isConsistent || (!overlaps && !byTitle.includes(entry))) continue;

    const files: AnswerFile[] = [];
    for (const file of expected) {
      if (request.lockedPaths.has(file.name)) continue;
      const have = current.get(file.name);
      if (have === undefined) {
        files.push(file);
      } else if (file.name === cutFile && have !== file.content) {
        const addition = continuationContent(have, file.content.slice(have.length));
        files.push(
          addition === undefined ? file : { name: file.name, content: addition, action: 'continue' },
        );
      }
    }
    return { entry, cutFile, files };
  }
  return undefined;
}
