import { Hono } from 'hono';
import { z } from 'zod';
import { requireUser } from '../chats/access.ts';
import { ServiceError } from '../http/errors.ts';
import { validate, versionNumber } from '../http/validate.ts';
import type { AppEnv } from '../http/viewer.ts';
import type { ConnectionService } from './connections.ts';
import type { SyncService } from './sync.ts';

/** The code-hosting routes (docs/api.md "Code-hosting sync"). */
export function codeHostRoutes(connections: ConnectionService, sync: SyncService) {
  return new Hono<AppEnv>()
    .get('/codehost/connection', async (c) => c.json(await connections.view(requireUser(c.var.viewer).id)))
    .delete('/codehost/connection', async (c) =>
      c.json(await connections.disconnect(requireUser(c.var.viewer).id)),
    )
    .post(
      '/codehost/token',
      // The session first: a visitor is told to sign in, not how a token is spelt.
      async (c, next) => {
        requireUser(c.var.viewer);
        await next();
      },
      validate('json', z.object({ token: z.string().trim().min(1).max(500) })),
      async (c) =>
        c.json(await connections.withToken(requireUser(c.var.viewer).id, c.req.valid('json').token)),
    )
    .post('/codehost/device', async (c) =>
      c.json(await connections.startDevice(requireUser(c.var.viewer).id)),
    )
    .post('/codehost/device/poll', async (c) =>
      c.json(await connections.pollDevice(requireUser(c.var.viewer).id)),
    )
    .get('/codehost/oauth/start', (c) => c.redirect(connections.webStart(requireUser(c.var.viewer).id), 302))
    .get('/codehost/oauth/callback', async (c) => {
      const user = requireUser(c.var.viewer);
      try {
        await connections.webCallback(user.id, c.req.query('code') ?? '', c.req.query('state') ?? '');
        return c.redirect('/account?github=connected', 302);
      } catch (error) {
        const reason =
          error instanceof ServiceError || error instanceof Error ? error.message : 'GitHub sign-in failed';
        return c.redirect(`/account?github=error&reason=${encodeURIComponent(reason)}`, 302);
      }
    })
    .get('/codehost/repos', async (c) => c.json({ repos: await sync.repos(c.var.viewer) }))
    .post(
      '/codehost/import',
      validate('json', z.object({ repository: z.string().max(500), branch: z.string().max(250).nullish() })),
      async (c) => c.json(await sync.importRepository(c.var.viewer, c.req.valid('json')), 201),
    )
    .get('/chats/:id/codehost', async (c) => c.json(await sync.status(c.var.viewer, c.req.param('id'))))
    .post(
      '/chats/:id/codehost/repo',
      validate('json', z.object({ name: z.string().max(200), private: z.boolean().default(true) })),
      async (c) => c.json(await sync.createRepo(c.var.viewer, c.req.param('id'), c.req.valid('json'))),
    )
    .post(
      '/chats/:id/codehost/push',
      validate('json', z.object({ version: versionNumber, force: z.boolean().default(false) })),
      async (c) => c.json(await sync.push(c.var.viewer, c.req.param('id'), c.req.valid('json'))),
    )
    .post('/chats/:id/codehost/pull', async (c) => c.json(await sync.pull(c.var.viewer, c.req.param('id'))));
}
