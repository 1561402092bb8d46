import { Hono } from 'hono';
import { z } from 'zod';
import { FRAMEWORKS } from '../../core/frameworks/index.ts';
import { serverEnv } from '../../core/integrations/server-env.ts';
import type { Services } from '../http/context.ts';
import type { AppEnv } from '../http/viewer.ts';
import { rateLimited } from '../limits/index.ts';
import { ServiceError } from '../http/errors.ts';
import { requireVersionNumber, validate, versionNumber as version } from '../http/validate.ts';
import { requireUser } from './access.ts';
import {
  changeVisibility,
  deleteVersion,
  remixChat,
  saveFileLocks,
  toggleLike,
  updateTheme,
} from './actions.ts';
import { createChat } from './create.ts';
import { listOwnComponents, listPublicComponents } from './list.ts';
import { readChatData } from './read.ts';
import { requireChat } from './access.ts';
import { restoreVersion } from './restore.ts';
import { readVersionBinaryFile } from './version-files.ts';
import { findAssistantMessage } from './versions.ts';
import { ZIP_FILE_NAME, zipVersion } from './zip.ts';

/** Chat reads and the named chat actions of spec §7, each behind the permission policy. */
export function chatRoutes(services: Services) {
  const { db, limits } = services;
  return new Hono<AppEnv>()
    .post(
      '/',
      rateLimited(limits, 'chat-create'),
      validate(
        'json',
        z.object({
          prompt: z.string().max(20_000).default(''),
          framework: z.enum(FRAMEWORKS).default('react'),
        }),
      ),
      async (c) => {
        const user = requireUser(c.var.viewer);
        const { prompt, framework } = c.req.valid('json');
        const chat = await createChat(db, { userId: user.id, framework, slugSource: prompt });
        return c.json({ id: chat.id, slug: chat.slug }, 201);
      },
    )
    .get('/mine', async (c) =>
      c.json({ components: await listOwnComponents(db, requireUser(c.var.viewer).id) }),
    )
    .get('/explore', async (c) => c.json({ components: await listPublicComponents(db) }))
    .get('/by-slug/:slug', async (c) => {
      const requested = c.req.query('v');
      const data = await readChatData(
        db,
        c.var.viewer,
        c.req.param('slug'),
        requested === undefined ? undefined : requireVersionNumber(requested),
        services.hosting.deployments.summary,
      );
      if (!data) throw new ServiceError(404, 'not-found', 'Component not found');
      return c.json(data);
    })
    .get('/:id/versions/:version/snapshot', async (c) => {
      const number = requireVersionNumber(c.req.param('version'));
      const chat = await requireChat(db, c.var.viewer, c.req.param('id'), 'view');
      const message = await findAssistantMessage(db, chat.id, number);
      if (!message) throw new ServiceError(404, 'version-not-found', 'Version not found');
      return c.json({ version: message.version, artifactCode: message.artifactCode });
    })
    .get('/:id/versions/:version/zip', async (c) => {
      const bytes = await zipVersion(
        db,
        services.blobs,
        c.var.viewer,
        c.req.param('id'),
        requireVersionNumber(c.req.param('version')),
        (chatId) => services.chatIntegrations.publicEnv(chatId),
        // Names only, for .env.example: the values stay with Kiln.
        async (chatId) => Object.keys(serverEnv(await services.chatIntegrations.serverValues(chatId))),
      );
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${ZIP_FILE_NAME}"`,
      });
    })
    .get('/:id/versions/:version/files/:path{.+}', async (c) => {
      // Permission first (readVersionBinaryFile asks the policy), then the cache check.
      const file = await readVersionBinaryFile(
        db,
        services.blobs,
        c.var.viewer,
        c.req.param('id'),
        requireVersionNumber(c.req.param('version')),
        c.req.param('path'),
      );
      const headers = {
        'Content-Type': file.contentType,
        // Asked again each time (a chat may turn private); the content hash makes that cheap.
        'Cache-Control': 'private, no-cache',
        ETag: `"${file.hash}"`,
        'X-Content-Type-Options': 'nosniff',
        // Data shown by the code view, never a page, and only on Kiln's own pages.
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Cross-Origin-Resource-Policy': 'same-origin',
      };
      if (c.req.header('If-None-Match') === headers.ETag) return c.body(null, 304, headers);
      return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, headers);
    })
    .post('/:id/versions/:version/restore', async (c) =>
      c.json(
        await restoreVersion(
          services,
          c.var.viewer,
          c.req.param('id'),
          requireVersionNumber(c.req.param('version')),
        ),
        201,
      ),
    )
    .post('/:id/like', rateLimited(limits, 'like'), async (c) =>
      c.json(await toggleLike(db, c.var.viewer, c.req.param('id'))),
    )
    .post('/:id/visibility', validate('json', z.object({ isPublic: z.boolean() })), async (c) =>
      c.json(
        await changeVisibility(
          db,
          services.realtime,
          c.var.viewer,
          c.req.param('id'),
          c.req.valid('json').isPublic,
        ),
      ),
    )
    .post('/:id/remix', rateLimited(limits, 'remix'), validate('json', z.object({ version })), async (c) =>
      c.json(
        await remixChat(db, c.var.viewer, c.req.param('id'), c.req.valid('json').version, services.preview),
        201,
      ),
    )
    .post('/:id/theme', validate('json', z.object({ theme: z.string(), version })), async (c) => {
      const { theme, version: v } = c.req.valid('json');
      return c.json(await updateTheme(db, c.var.viewer, c.req.param('id'), theme, v));
    })
    .put(
      '/:id/artifact',
      validate('json', z.object({ artifactCode: z.string().max(20_000_000), version })),
      async (c) => {
        const { artifactCode, version: v } = c.req.valid('json');
        return c.json(await saveFileLocks(db, c.var.viewer, c.req.param('id'), v, artifactCode));
      },
    );
}

export function messageRoutes(services: Services) {
  return new Hono<AppEnv>().delete('/:id', async (c) =>
    c.json(await deleteVersion(services.db, c.var.viewer, c.req.param('id'))),
  );
}
