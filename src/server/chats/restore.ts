import { parseSnapshot } from '../../core/artifact/index.ts';
import type { RequestViewer } from '../http/viewer.ts';
import { ServiceError } from '../http/errors.ts';
import { requireChat } from './access.ts';
import { createManualVersion, type ManualVersionDeps } from './manual-version.ts';
import { findAssistantMessage } from './versions.ts';

/**
 * 'Restore this version' (issue 17 item 5): a new version whose snapshot equals version `number`'s
 * exactly, without calling the AI. The policy answers first, so a hidden chat is never told
 * which versions it has.
 */
export async function restoreVersion(
  deps: ManualVersionDeps,
  viewer: RequestViewer,
  chatId: string,
  number: number,
): Promise<{ version: number }> {
  const chat = await requireChat(deps.db, viewer, chatId, 'edit');
  const message = await findAssistantMessage(deps.db, chat.id, number);
  if (!message?.artifactCode) {
    throw new ServiceError(404, 'version-not-found', `Version #${number} does not exist.`);
  }
  const { version } = await createManualVersion(
    deps,
    chat.id,
    viewer,
    parseSnapshot(message.artifactCode),
    `Restore version #${number}`,
    `Restored version #${number}.`,
  );
  return { version };
}
