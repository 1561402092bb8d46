import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { healthRoutes } from '../health/routes.ts';
import { meRoutes, userRoutes } from '../users/routes.ts';
import { sessionMiddleware } from '../auth/session.ts';
import type { AppEnv, Services } from './context.ts';
import { apiError } from './errors.ts';
import { webAppRoutes } from './static.ts';

/** The HTTP surface: auth, the JSON API and the web app, on one origin. */
export function createHttpApp(services: Services) {
  const app = new Hono<AppEnv>();

  app.on(['GET', 'POST'], '/api/auth/*', (c) => services.auth.handler(c.req.raw));
  app.route('/api/health', healthRoutes(services));

  const api = new Hono<AppEnv>();
  api.use('*', sessionMiddleware(services));
  api.route('/me', meRoutes());
  api.route('/users', userRoutes(services));
  api.all('*', (c) => apiError(c, 404, 'not-found', 'No such API endpoint'));
  app.route('/api', api);

  app.route('/', webAppRoutes(services.webRoot));

  app.onError((error, c) => {
    if (error instanceof HTTPException) return apiError(c, error.status, 'http-error', error.message);
    console.error('Unhandled error', error);
    return apiError(c, 500, 'internal', 'Something went wrong');
  });
  return app;
}

export type HttpApp = ReturnType<typeof createHttpApp>;
