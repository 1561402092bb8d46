import { parseSnapshot } from '../../core/artifact/index.ts';
import { readInstructions, validateInstructions, withInstructions } from '../../core/instructions/index.ts';
import type { RequestViewer } from '../http/viewer.ts';
import { ServiceError } from '../http/errors.ts';
import { requireChat } from './access.ts';
import { createManualVersion, type ManualVersionDeps } from './manual-version.ts';
import { findLatestAssistantMessage } from './versions.ts';

/**
 * Saves a chat's project instructions (issue 17 item 4): a new version whose snapshot is the
 * newest one plus KILN.md with `raw` (or without KILN.md when emptied), without calling the AI.
 * Same permission as iterating ('edit': the owner). Unchanged instructions create nothing.
 */
export async function saveChatInstructions(
  deps: ManualVersionDeps,
  viewer: RequestViewer,
  chatId: string,
  raw: string,
): Promise<{ version: number; isNew: boolean }> {
  const chat = await requireChat(deps.db, viewer, chatId, 'edit');
  const checked = validateInstructions(raw);
  if (!checked.ok) throw ServiceError.fromUserError(checked.error);
  const latest = await findLatestAssistantMessage(deps.db, chat.id);
  if (!latest?.artifactCode) {
    throw new ServiceError(
      409,
      'no-version-yet',
      'Instructions are saved in a version: generate the first version, then add them.',
    );
  }
  const current = parseSnapshot(latest.artifactCode);
  const text = checked.value;
  if (readInstructions(current).trim() === text) return { version: latest.version, isNew: false };
  const { version } = await createManualVersion(
    deps,
    chat.id,
    viewer,
    withInstructions(current, text),
    text === '' ? 'Remove the project instructions' : 'Update the project instructions',
    text === ''
      ? 'Removed the project instructions (KILN.md).'
      : 'Saved the project instructions in KILN.md. They are sent with every generation of this chat.',
  );
  return { version, isNew: true };
}
