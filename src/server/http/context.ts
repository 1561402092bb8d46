import type { AppRouting } from '../app-servers/app-routing.ts';
import type { Config } from '../config.ts';
import type { CloneService } from '../clone/index.ts';
import type { Auth } from '../auth/auth.ts';
import type { SessionCache } from '../auth/session-cache.ts';
import type { Database } from '../db/client.ts';
import type { ResolvedModel } from '../ai/model.ts';
import type { GenerationService } from '../generation/service.ts';
import type { ModelWorker } from '../generation/model-worker.ts';
import type { Realtime } from '../realtime/events.ts';
import type { PreviewService } from '../preview/service.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import type { Hosting } from '../hosting/index.ts';
import type { Limiter } from '../limits/index.ts';
import type { CodeHost } from '../codehost/index.ts';
import type { BillingService } from '../billing/stripe/service.ts';
import type { BrowserService } from '../browser/index.ts';
import type { VersionScreenshots } from '../screenshots/version-screenshots.ts';
import type { Logger } from '../observability/logger.ts';
import type { AdminService } from '../admin/service.ts';
import type {
  ChatIntegrationService,
  IntegrationService,
  createMigrationRunner,
} from '../integrations/index.ts';

/**
 * What every route may use: built once by the composition root (main.ts). Only routes and the
 * composition root import this; services take what they need (and the viewer from viewer.ts).
 */
export interface Services {
  config: Config;
  db: Database;
  databaseKind: 'pglite' | 'postgres';
  auth: Auth;
  /** Sessions resolved from Cookie headers, reused for a few seconds (auth/session-cache.ts). */
  sessions: SessionCache;
  /** Tells every process that a user's sessions changed (auth/session-changes.ts). */
  sessionChanges: { announce(userId: string): void };
  version: string;
  /** Folder of the built web app (dist/web). */
  webRoot: string;
  blobs: BlobStore;
  realtime: Realtime;
  model: ResolvedModel;
  generation: GenerationService;
  /** Reads model streams in a worker thread (generation/model-worker.ts). */
  modelWorker: ModelWorker;
  preview: PreviewService;
  /** App servers of previews and sites (decision 0054). */
  apps: AppRouting;
  /** Deployed sites and custom domains. */
  hosting: Hosting;
  /** GitHub sync. */
  codeHost: CodeHost;
  /** A person's integrations (databases, payments, storage, e-mail, auth). */
  integrations: IntegrationService;
  /** Runs a version's migration against the chat's hosted database. */
  runMigration: ReturnType<typeof createMigrationRunner>;
  /** The integrations enabled on each chat, and the public values they give its previews. */
  chatIntegrations: ChatIntegrationService;
  /** Stripe billing (issue 18); null without STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET. */
  billing: BillingService | null;
  /** The server's Chromium (issue 19): one browser, a bounded pool of pages. */
  browser: BrowserService;
  /** Screenshots of built versions (messages.screenshot). */
  screenshots: VersionScreenshots;
  /** The JSON log (observability/logger.ts), at KILN_LOG_LEVEL. */
  logger: Logger;
  /** Website clones (issue 19 item 2): the analysis job and the first version it starts. */
  clone: CloneService;
  /** Abuse limits (issue 21 item 2): KILN_RATE_LIMITS's windows and caps, the client's address. */
  limits: Limiter;
  /** Accounts, plans, the queue and the audit trail for /admin and the CLI (issue 35 item 9). */
  admin: AdminService;
  /** What the CLI shows a running server to act through it (admin/cli-key.ts). */
  adminCliKey: string;
}
