import { Hono } from 'hono';
import { z } from 'zod';
import { FRAMEWORKS } from '../../core/frameworks/index.ts';
import { requireChat } from '../chats/access.ts';
import type { Database } from '../db/client.ts';
import { ServiceError } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import type { AppEnv } from '../http/viewer.ts';
import { rateLimited, type Limiter } from '../limits/index.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { cloneScreenshotKey, type CloneService } from './service.ts';

/**
 * Spec §7 cloneWebsite: POST /api/clone creates the clone chat and starts its analysis;
 * GET /api/chats/:id/clone is the progress panel's state after a reload; the screenshot is
 * served to those who may view the chat.
 */
export function cloneRoutes(services: {
  db: Database;
  blobs: BlobStore;
  clone: CloneService;
  limits: Limiter;
}) {
  const start = new Hono<AppEnv>().post(
    '/',
    rateLimited(services.limits, 'clone'),
    validate(
      'json',
      z.object({
        url: z.string().max(2048),
        prompt: z.string().max(20_000).default(''),
        framework: z.enum(FRAMEWORKS).default('react'),
      }),
    ),
    async (c) => c.json(await services.clone.start(c.var.viewer, c.req.valid('json')), 201),
  );
  const chat = new Hono<AppEnv>()
    .get('/:id/clone', async (c) => {
      const state = await services.clone.state(c.var.viewer, c.req.param('id'));
      if (!state) throw new ServiceError(404, 'not-found', 'This component is not a clone.');
      return c.json({ clone: state });
    })
    .get('/:id/clone/screenshot.jpg', async (c) => {
      const found = await requireChat(services.db, c.var.viewer, c.req.param('id'), 'view');
      const blob = await services.blobs.get(cloneScreenshotKey(found.id));
      if (!blob) throw new ServiceError(404, 'not-found', 'Screenshot not found');
      return c.body(blob.bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'image/jpeg',
        'Cache-Control': found.isPrivate ? 'private, max-age=3600' : 'public, max-age=3600',
        'X-Content-Type-Options': 'nosniff',
      });
    });
  return { start, chat };
}
