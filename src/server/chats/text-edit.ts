import { Hono } from 'hono';
import { z } from 'zod';
import { parseSnapshot } from '../../core/artifact/index.ts';
import { MAX_SELECTION_FILE } from '../../core/preview/select-messages.ts';
import { MAX_EDITED_TEXT, textEditOf } from '../../core/preview/text-edit.ts';
import type { Services } from '../http/context.ts';
import { requireVersionNumber, validate } from '../http/validate.ts';
import type { AppEnv, RequestViewer } from '../http/viewer.ts';
import { ServiceError } from '../http/errors.ts';
import { requireChat } from './access.ts';
import { createManualVersion, type ManualVersionDeps } from './manual-version.ts';
import { findAssistantMessage } from './versions.ts';

/** The body of POST /api/chats/:id/versions/:version/text-edit. */
export const textEditBody = z.object({
  file: z.string().min(1).max(MAX_SELECTION_FILE),
  line: z.number().int().positive().max(1_000_000),
  before: z.string().min(1).max(MAX_EDITED_TEXT),
  after: z.string().max(MAX_EDITED_TEXT),
});

export type TextEditRequest = z.infer<typeof textEditBody>;

/**
 * Edit text in place (issue 17 item 2): a new version whose snapshot is version `number`'s with
 * one element's text changed in its source file by a SEARCH/REPLACE edit (core `textEditOf`),
 * without calling the AI. A locked file refuses it like any edit.
 */
export async function editTextInPlace(
  deps: ManualVersionDeps,
  viewer: RequestViewer,
  chatId: string,
  number: number,
  request: TextEditRequest,
): Promise<{ version: number }> {
  const chat = await requireChat(deps.db, viewer, chatId, 'edit');
  const message = await findAssistantMessage(deps.db, chat.id, number);
  if (!message?.artifactCode) {
    throw new ServiceError(404, 'version-not-found', `Version #${number} does not exist.`);
  }
  const snapshot = parseSnapshot(message.artifactCode);
  const file = snapshot.files.find((candidate) => candidate.name === request.file && !candidate.binary);
  if (!file)
    throw new ServiceError(404, 'file-not-found', `${request.file} is not a text file of this version.`);
  if (file.isLocked) throw new ServiceError(409, 'file-locked', `${request.file} is locked.`);
  const edited = textEditOf(file.content, request);
  if (!edited.ok) throw new ServiceError(422, `text-edit-${edited.code}`, edited.message);
  const files = snapshot.files.map((candidate) =>
    candidate === file ? { ...candidate, content: edited.content } : candidate,
  );
  const { version } = await createManualVersion(
    deps,
    chat.id,
    viewer,
    { ...snapshot, files },
    `Edit text in ${request.file}:${request.line}: “${request.after.trim()}”`,
    `Changed the text in ${request.file}.`,
  );
  return { version };
}

/** POST /api/chats/:id/versions/:version/text-edit → 201 `{ version }`. */
export function textEditRoutes(services: Services) {
  return new Hono<AppEnv>().post(
    '/:id/versions/:version/text-edit',
    validate('json', textEditBody),
    async (c) =>
      c.json(
        await editTextInPlace(
          services,
          c.var.viewer,
          c.req.param('id'),
          requireVersionNumber(c.req.param('version')),
          c.req.valid('json'),
        ),
        201,
      ),
  );
}
