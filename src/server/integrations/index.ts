import type { Config } from '../config.ts';
import { integrationCredentialsBox } from './credentials.ts';
import type { Database } from '../db/client.ts';
import { createIntegrationService, type IntegrationService } from './service.ts';

export { integrationRoutes } from './routes.ts';
export { chatIntegrationRoutes } from './chat-routes.ts';
export { migrationRoutes } from './migration-routes.ts';
export { createMigrationRunner } from './run-migration.ts';
export { createChatIntegrations, type ChatIntegrationService } from './chat-integrations.ts';
export type { IntegrationService } from './service.ts';

/** A person's integrations (issue 16), built once by the composition root. */
export function createIntegrations(deps: {
  config: Config;
  db: Database;
  secret: string;
}): IntegrationService {
  return createIntegrationService({
    db: deps.db,
    box: integrationCredentialsBox(deps),
    allowPrivateAddresses: deps.config.integrations.allowPrivateAddresses,
  });
}
