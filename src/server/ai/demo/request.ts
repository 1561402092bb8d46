import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import { parseSnapshot } from '../../../core/artifact/index.ts';
import { DEFAULT_FRAMEWORK } from '../../../core/frameworks/index.ts';
import { readDatabaseProvider, readEmailProvider } from '../../../core/integrations/model-guidance.ts';
import { readSelectionInstruction } from '../../generation/selection.ts';
import {
  readAttachedImageNames,
  readFramework,
  readLockedPaths,
  readSnapshotMarkup,
} from '../prompts/context.ts';
import type { DemoRequest } from './types.ts';

/**
 * Reads the call the way the generation layer lays it out (src/server/ai/prompts/context.ts):
 * the framework from the system prompt; from the last user message, the context block (first
 * text part: snapshot, locked files, attached images' names) and the person's prompt (last text
 * part), and an element selected in the preview (the text part before the prompt that
 * `selectionInstruction` wrote). The attachment parts themselves are not read.
 */
export function readDemoRequest(prompt: LanguageModelV3Prompt): DemoRequest {
  const systemText = prompt
    .filter((message) => message.role === 'system')
    .map((message) => message.content)
    .join('\n');
  const framework = readFramework(systemText) ?? DEFAULT_FRAMEWORK;

  const lastUser = [...prompt].reverse().find((message) => message.role === 'user');
  const texts =
    lastUser?.role === 'user'
      ? lastUser.content.flatMap((part) => (part.type === 'text' ? [part.text] : []))
      : [];
  const personPrompt = texts.length > 0 ? (texts[texts.length - 1] ?? '') : '';
  // An element picked with the Select tool comes as its own text part before the prompt.
  const before = texts.slice(0, -1);
  const selectionPart = before.find((text) => readSelectionInstruction(text) !== undefined);
  const selection = selectionPart === undefined ? undefined : readSelectionInstruction(selectionPart);
  const context = before.filter((text) => text !== selectionPart).join('\n');

  const markup = readSnapshotMarkup(context);
  const parsed = markup ? parseSnapshot(markup) : null;
  // Binary files (images, fonts) are not the demo's to edit: it leaves them as they are.
  const textFiles = parsed?.files.filter((file) => file.binary === undefined) ?? [];
  const snapshot =
    parsed && parsed.files.length > 0
      ? { title: parsed.title, files: textFiles.map(({ name, content }) => ({ name, content })) }
      : null;
  const lockedPaths = new Set(readLockedPaths(context));
  for (const file of parsed?.files ?? []) if (file.isLocked) lockedPaths.add(file.name);

  const attachedImages = readAttachedImageNames(context);
  const databaseProvider = readDatabaseProvider(systemText);
  const emailProvider = readEmailProvider(systemText);
  return {
    framework,
    prompt: personPrompt.trim(),
    snapshot,
    lockedPaths,
    attachedImages,
    databaseProvider,
    emailProvider,
    ...(selection ? { selection } : {}),
  };
}
