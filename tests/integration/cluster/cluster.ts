import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/client.ts';
import { startFakeS3 } from '../../fixtures/fake-s3.ts';
import { startFakeStripe, type FakeStripe } from '../../support/fake-stripe/server.ts';
import { dataDirWithSharedStore } from '../faults/held-build.ts';
import { createFreshDatabase } from '../postgres-server.ts';
import type { Person } from './http.ts';
import { startNode, type ClusterNode } from './node.ts';

/**
 * Kiln as a cluster on this machine (issue 20): one PostgreSQL database, one S3-compatible store
 * (the loopback fake the real AWS SDK talks to), web processes (`KILN_ROLE=web`) and build
 * workers (`KILN_ROLE=worker`), each a separate OS process with its own data folder — nothing
 * on disk is shared but the pnpm store, a content-addressed package cache (as every preview test
 * shares it; a production worker fills its own).
 */
export interface Cluster {
  databaseUrl: string;
  /** The cluster's database, for what a test reads or sets up directly (as an operator would). */
  db: DatabaseHandle['db'];
  s3: Awaited<ReturnType<typeof startFakeS3>>;
  stripe: FakeStripe;
  webs: ClusterNode[];
  workers: ClusterNode[];
  /**
   * Premium bought as a person buys it, through the first web process: Checkout, Pay on the fake
   * Stripe, its signed webhooks. The Stripe subscription's id.
   */
  buyPremium(person: Person): Promise<string>;
  /** One more process of the cluster (named `name`), with the cluster's settings plus `env`. */
  addNode(role: 'web' | 'worker', name: string, env?: Record<string, string>): Promise<ClusterNode>;
  /** The last lines of every process's output, for a failing test's message. */
  logs(): string;
  close(): Promise<void>;
}

export interface ClusterOptions {
  webs: number;
  workers: number;
  /** Pause between the demo model's chunks (KILN_DEMO_DELAY_MS). */
  demoDelayMs: number;
  webEnv?: Record<string, string>;
  workerEnv?: Record<string, string>;
}

export const STRIPE_SECRET_KEY = 'sk_test_kiln_cluster_4242';
export const STRIPE_WEBHOOK_SECRET = 'whsec_kiln_cluster_secret';

/** Whether a PostgreSQL server answers at `url` (the cluster test is skipped, saying so, when not). */
export async function postgresAnswers(url: string | undefined): Promise<boolean> {
  if (!url) return false;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function startCluster(postgresUrl: string, options: ClusterOptions): Promise<Cluster> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-cluster-'));
  const nodes: ClusterNode[] = [];
  const cleanups: Array<() => Promise<unknown>> = [];
  try {
    const databaseUrl = await createFreshDatabase(postgresUrl, 'kiln_cluster');
    // Migrated once here, before any process starts (each would, too, at its start).
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
    cleanups.push(() => database.close());
    const s3 = await startFakeS3();
    cleanups.push(() => s3.close());
    const stripe = await startFakeStripe({
      secretKey: STRIPE_SECRET_KEY,
      webhookSecret: STRIPE_WEBHOOK_SECRET,
    });
    cleanups.push(() => stripe.stop());

    const base: Record<string, string> = {};
    for (const [name, value] of Object.entries(process.env)) {
      // The demo model, whatever keys the machine has; nothing of another Kiln's settings.
      if (value === undefined || /^(KILN_|OPENAI_|ANTHROPIC_|STRIPE_|DATABASE_URL$)/.test(name)) continue;
      base[name] = value;
    }
    Object.assign(base, {
      DATABASE_URL: databaseUrl,
      KILN_SECRET: randomBytes(32).toString('hex'),
      KILN_HOST: 'localhost',
      KILN_S3_BUCKET: 'kiln-cluster',
      KILN_S3_ENDPOINT: s3.endpoint,
      KILN_S3_REGION: 'us-east-1',
      KILN_S3_ACCESS_KEY_ID: 'cluster-test',
      KILN_S3_SECRET_ACCESS_KEY: 'cluster-test-secret',
      KILN_DEMO_DELAY_MS: String(options.demoDelayMs),
      // No limits but the TLS ask's (a leased window shared by the web processes: issue 34).
      KILN_RATE_LIMITS: '*=off,generation-running=off,build-queue=off,tls-ask=40/1h',
      KILN_PREVIEW_STANDBY: 'false',
      KILN_BUILD_TIMEOUT_MS: '240000',
      STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    });

    const addNode = async (role: 'web' | 'worker', name: string, env: Record<string, string> = {}) => {
      const dataDir = path.join(root, name);
      fs.mkdirSync(dataDir);
      if (role === 'worker') dataDirWithSharedStore(dataDir);
      const roleEnv = role === 'web' ? options.webEnv : options.workerEnv;
      const node = await startNode({ name, role, dataDir, env: { ...base, ...roleEnv, ...env } });
      nodes.push(node);
      return node;
    };
    const [webs, workers] = await Promise.all([
      Promise.all(Array.from({ length: options.webs }, (_, i) => addNode('web', `web-${'ABCDEFGH'[i]}`))),
      Promise.all(Array.from({ length: options.workers }, (_, i) => addNode('worker', `worker-${i + 1}`))),
    ]);
    // Stripe's events go to the first web process (any would do: one database).
    stripe.setWebhookUrl(`${webs[0]!.url}/api/billing/webhook`);

    return {
      databaseUrl,
      db: database.db,
      s3,
      stripe,
      webs,
      workers,
      addNode,
      async buyPremium(person) {
        const checkout = await person.request(webs[0]!, '/api/billing/checkout', {
          method: 'POST',
          json: { interval: 'month' },
        });
        if (checkout.status !== 200) throw new Error(`checkout: ${checkout.status} ${await checkout.text()}`);
        const { url } = (await checkout.json()) as { url: string };
        const paid = await fetch(url, { method: 'POST', redirect: 'manual' });
        if (paid.status !== 303) throw new Error(`pay: ${paid.status}`);
        const sessionId = new URL(url).pathname.split('/').pop()!;
        const subscriptionId = stripe.account.checkoutSessions.get(sessionId)?.subscription;
        if (typeof subscriptionId !== 'string') throw new Error('no subscription after paying');
        return subscriptionId;
      },
      logs: () =>
        nodes.map((node) => `----- ${node.name} (${node.role})\n${node.log().slice(-3000)}`).join('\n'),
      async close() {
        await Promise.all(nodes.map((node) => node.stop('SIGKILL')));
        for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
        fs.rmSync(root, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await Promise.all(nodes.map((node) => node.stop('SIGKILL')));
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    fs.rmSync(root, { recursive: true, force: true });
    throw error;
  }
}
