import { Hono } from 'hono';
import { z } from 'zod';
import { requireUser } from '../chats/access.ts';
import type { AppEnv } from '../http/viewer.ts';
import { validate } from '../http/validate.ts';
import type { DeploymentService } from './deployments.ts';

/** The deploy server actions of spec §7 as HTTP routes (docs/api.md), each behind the policy. */
export function deploymentRoutes(deployments: DeploymentService) {
  const subdomain = z.string().max(200);
  // null/absent versions reach the core rule, which answers 'No version selected'.
  const version = z.number().int().min(1).max(2_147_483_647).nullable().optional();
  return new Hono<AppEnv>()
    .get('/deployments/subdomains/:subdomain', async (c) => {
      requireUser(c.var.viewer);
      return c.json(await deployments.checkSubdomain(c.req.param('subdomain')));
    })
    .get('/chats/:id/deployment', async (c) => c.json(await deployments.get(c.var.viewer, c.req.param('id'))))
    .post('/chats/:id/deployment', validate('json', z.object({ subdomain, version })), async (c) => {
      const body = c.req.valid('json');
      return c.json(
        await deployments.deploy(c.var.viewer, c.req.param('id'), {
          subdomain: body.subdomain,
          version: body.version ?? null,
        }),
      );
    })
    .patch('/chats/:id/deployment', validate('json', z.object({ subdomain, version })), async (c) => {
      const body = c.req.valid('json');
      return c.json(await deployments.update(c.var.viewer, c.req.param('id'), body));
    })
    .delete('/chats/:id/deployment', async (c) =>
      c.json(await deployments.undeploy(c.var.viewer, c.req.param('id'))),
    );
}
