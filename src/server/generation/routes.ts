import { Hono } from 'hono';
import { maxGenerationBodyBytes } from '../../core/plans/index.ts';
import { requireChat, requireUser } from '../chats/access.ts';
import { findAssistantMessage } from '../chats/versions.ts';
import type { Database } from '../db/client.ts';
import type { AppEnv } from '../http/viewer.ts';
import { limitBody } from '../http/body-limit.ts';
import { ServiceError } from '../http/errors.ts';
import { readFormBody, requireVersionNumber } from '../http/validate.ts';
import type { Limiter } from '../limits/index.ts';
import type { Realtime } from '../realtime/events.ts';
import { followStoredGeneration } from './remote.ts';
import { selectionField } from './selection.ts';
import type { EarlyStart, GenerationService } from './service.ts';

function asFiles(value: unknown): File[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.filter((item): item is File => item instanceof File);
}

/** The chat of a generation: `?id=` (checked before the body), else the form's `id` field. */
function generationChatId(fromQuery: string | undefined, fromForm: unknown): string {
  const formId = typeof fromForm === 'string' ? fromForm : undefined;
  if (fromQuery !== undefined && formId !== undefined && formId !== fromQuery) {
    throw new ServiceError(400, 'chat-id-mismatch', 'The chat id of the address and of the form differ.');
  }
  const chatId = fromQuery ?? formId ?? '';
  if (!chatId) throw new ServiceError(400, 'missing-chat', 'The chat id is missing.');
  return chatId;
}

/** POST /api/components (spec §7) and the re-attach / stop endpoints. */
export function generationRoutes(
  db: Database,
  generation: GenerationService,
  limits: Limiter,
  realtime: Realtime,
) {
  return new Hono<AppEnv & { Variables: { earlyStart?: EarlyStart } }>()
    .post(
      '/',
      // Before a byte of the body is read: who asks, about which chat (`?id=`, sent by the web
      // app), and how much their plan may upload (issue 12 item 3).
      async (c, next) => {
        requireUser(c.var.viewer);
        // Each request counts against the `generation` windows (issue 21 item 2).
        await limits.count('generation', limits.requesterOf(c));
        const queryId = c.req.query('id');
        // The chat is checked by the round trip that reads everything the start's checks need
        // (generation.readEarly), which the start then uses rather than reading again.
        if (queryId !== undefined) c.set('earlyStart', await generation.readEarly(c.var.viewer, queryId));
        return next();
      },
      (c, next) => limitBody(maxGenerationBodyBytes(c.var.viewer.plan))(c, next),
      async (c) => {
        const body = await readFormBody(c, { all: true });
        const chatId = generationChatId(c.req.query('id'), body.id);
        const running = await generation.start(c.var.viewer, {
          chatId,
          prompt: typeof body.prompt === 'string' ? body.prompt : '',
          selectedVersion:
            body.selectedVersion === undefined
              ? undefined
              : requireVersionNumber(String(body.selectedVersion)),
          files: asFiles(body.files ?? body['files[]']),
          action: body.action === 'continue' ? 'continue' : undefined,
          selection: selectionField.parse(body.selection),
          early: c.var.earlyStart,
        });
        return new Response(running.stream(), {
          headers: {
            'Content-Type': 'text/plain; charset=utf-8',
            'Cache-Control': 'no-cache, no-transform',
            'X-Kiln-Version': String(running.version),
            'X-Kiln-Chat-Id': running.chatId,
          },
        });
      },
    )
    .get('/:chatId/versions/:version/stream', async (c) => {
      const version = requireVersionNumber(c.req.param('version'));
      const chat = await requireChat(db, c.var.viewer, c.req.param('chatId'), 'view');
      const running = generation.registry.get(chat.id);
      const headers = {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
      };
      if (running && running.version === version && !running.isEnded) {
        return new Response(running.stream(), { headers });
      }
      const message = await findAssistantMessage(db, chat.id, version);
      if (!message) throw new ServiceError(404, 'version-not-found', 'Version not found');
      if (message.finishReason !== null) return c.text(message.content, 200, headers);
      // Streaming in another process (PostgreSQL deployments): its stored text, then what it
      // announces as it stores more (generation/remote.ts).
      return new Response(followStoredGeneration({ db, realtime }, chat.id, version), { headers });
    })
    .post('/:chatId/stop', async (c) =>
      c.json({ stopped: await generation.stop(c.var.viewer, c.req.param('chatId')) }),
    );
}
