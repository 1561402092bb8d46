import { z } from 'zod';
import {
  parseMonthlyBudgets,
  parsePriceTable,
  type MonthlyBudgets,
  type PriceTable,
} from '../core/costs/index.ts';
import { parseRateLimits, type RateLimits } from '../core/limits/index.ts';
import { previewHostsFor, type PreviewHosts } from '../core/preview/hosts.ts';
import { parseTrustedProxies } from './limits/client-address.ts';
import { LOG_LEVELS, type LogLevel } from './observability/log-levels.ts';
import { DEFAULT_AUTOFIX_ROUNDS, MAX_AUTOFIX_ROUNDS } from '../core/autofix/index.ts';

/**
 * The whole configuration, parsed once from the environment (README "Configuration" lists every
 * variable; .env.example mirrors it). Nothing else in the server reads process.env.
 */
/** `host:port` or `[v6]:port`: an origin opened whatever its address (KILN_*_ALLOW_ORIGINS). */
const ORIGIN = /^[a-z0-9.-]+:\d{1,5}$|^\[[0-9a-f:.]+\]:\d{1,5}$/i;
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  KILN_HOST: z.string().min(1).default('localhost'),
  /**
   * Previews live on {chatId}-{version}.{KILN_PREVIEW_HOST}; default preview.{KILN_HOST}. A
   * registrable domain of their own keeps generated pages off the app's site.
   */
  KILN_PREVIEW_HOST: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i,
        'a host name, without scheme or port',
      )
      .optional(),
  ),
  /** The address people open; defaults to http://{KILN_HOST}:{PORT}. Set it behind TLS/a proxy. */
  KILN_PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  /** Interface the HTTP server binds to. */
  KILN_LISTEN: z.string().default('0.0.0.0'),
  KILN_DATA_DIR: z.string().min(1).default('.kiln'),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.string().startsWith('postgres').optional()),
  /** Signs sessions and encrypts stored credentials. Generated into the data folder when unset. */
  KILN_SECRET: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
  /** Earlier values of KILN_SECRET (comma-separated): credentials sealed with them still open. */
  KILN_SECRET_PREVIOUS: optionalString,
  GITHUB_CLIENT_ID: optionalString,
  GITHUB_CLIENT_SECRET: optionalString,
  /** GitHub's web address (GitHub Enterprise: your server); device and web OAuth flows live here. */
  KILN_GITHUB_URL: z.url().default('https://github.com'),
  /** GitHub's REST API (Enterprise: https://host/api/v3; Gitea/Forgejo: https://host/api/v1). */
  KILN_GITHUB_API_URL: z.url().default('https://api.github.com'),
  /** all = web + in-process build worker; web; worker (builds only). */
  KILN_ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  /** SIGTERM: how long running generations may finish and builds hand back before the exit. */
  KILN_SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(25_000),
  /** A build's lease: a worker that stops renewing it (killed) loses the job after this long. */
  KILN_JOB_LEASE_MS: z.coerce.number().int().min(1_000).default(30_000),

  // AI (see docs/decisions on providers): provider:model; no key → the offline demo model.
  KILN_MODEL: optionalString,
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_BASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  KILN_OPENAI_COMPATIBLE_BASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  KILN_OPENAI_COMPATIBLE_API_KEY: optionalString,
  KILN_AI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(300_000),
  /** Rounds Kiln spends sending a failed build back to the model before showing it (0: off; a plan may allow fewer). */
  KILN_AUTOFIX_ROUNDS: z.coerce.number().int().min(0).max(MAX_AUTOFIX_ROUNDS).default(DEFAULT_AUTOFIX_ROUNDS),
  /** Pause between the demo model's chunks; 0 streams as fast as possible (tests). */
  KILN_DEMO_DELAY_MS: z.coerce.number().int().min(0).default(12),
  /** Dollars per million tokens by `provider:model`, merged over core/costs/prices.ts's defaults. */
  KILN_MODEL_PRICES: optionalString,
  /** Dollars of model usage per user and calendar month, by plan: `{"free":1,"premium":50}`. */
  KILN_MONTHLY_BUDGET_USD: optionalString,

  // Blob storage: a local folder by default, S3-compatible when a bucket is set.
  KILN_S3_BUCKET: optionalString,
  KILN_S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url().optional()),
  KILN_S3_REGION: z.string().default('us-east-1'),
  KILN_S3_ACCESS_KEY_ID: optionalString,
  KILN_S3_SECRET_ACCESS_KEY: optionalString,

  // Preview builds.
  KILN_PREVIEW_CACHE_MB: z.coerce.number().int().min(16).default(2048),
  KILN_BUILD_TIMEOUT_MS: z.coerce.number().int().min(5000).default(180_000),
  KILN_BUILD_MEMORY_MB: z.coerce.number().int().min(256).default(2048),
  /** Per-build disk quota: what one step may write under its workspace (decision 0031). */
  KILN_BUILD_DISK_MB: z.coerce.number().int().min(16).default(2048),
  /** Processes and threads of one build step at once (a pids cgroup where the host has one); not pnpm's install. */
  KILN_BUILD_MAX_PROCESSES: z.coerce.number().int().min(32).default(1024),
  /** auto = bubblewrap when available, else rlimits only; bwrap = require it; none = no sandbox. */
  KILN_SANDBOX: z.enum(['auto', 'bwrap', 'none']).default('auto'),
  /** Keep one sandboxed build per framework started ahead of time (decision 0036). */
  KILN_PREVIEW_STANDBY: z.enum(['true', 'false']).default('true'),
  /**
   * The npm registry previews install from and Kiln asks for the versions of packages it adds to
   * a project (decision 0056); `https://registry.npmjs.org/` by default.
   */
  KILN_NPM_REGISTRY: z.url().default('https://registry.npmjs.org/'),
  /**
   * Build steps may fetch from public hosts on 80/443 through Kiln's guard, with a shared cache
   * (issue 37, decision 0063); `off`: fully offline builds.
   */
  KILN_BUILD_EGRESS: z.enum(['on', 'off']).default('on'),
  /** `host:port` origins (comma-separated) builds may reach whatever their address: an intranet mirror, a test's loopback site. */
  KILN_BUILD_EGRESS_ALLOW_ORIGINS: z
    .string()
    .default('')
    .refine(
      (value) => (commaList(value) ?? []).every((origin) => ORIGIN.test(origin)),
      'expected host:port entries separated by commas, e.g. 127.0.0.1:4100,mirror.intranet:8080',
    ),
  /** What builds fetched, kept for later builds on this machine (least recently used first out). */
  KILN_BUILD_EGRESS_CACHE_MB: z.coerce.number().int().min(1).default(512),

  // App servers (issue 22, decision 0054): `api/` handlers and server-rendered projects.
  /** Running at once on this machine; the least recently used stops first. */
  KILN_APP_SERVERS: z.coerce.number().int().min(1).max(1000).default(8),
  /** Resident memory of one app server's process tree; stopped above it. */
  KILN_APP_MEMORY_MB: z.coerce.number().int().min(64).default(512),
  KILN_APP_DISK_MB: z.coerce.number().int().min(1).default(256),
  /** Until a response's headers; past it the request ends 504 and the server is restarted. */
  KILN_APP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** A preview's server stops after this long without a request (deployments keep theirs). */
  KILN_APP_IDLE_MS: z.coerce.number().int().min(1000).default(300_000),
  /** The largest response an app server may send. */
  KILN_APP_MAX_RESPONSE_MB: z.coerce.number().int().min(1).default(50),
  /** Server-rendered builds' workspaces kept at least; older unused ones are removed (rebuilt when needed). */
  KILN_APP_WORKSPACES: z.coerce.number().int().min(1).default(20),
  /** How long a server may take to start listening. */
  KILN_APP_START_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  /** From a request to its response's last byte; a response still going (a stream) is cut then. */
  KILN_APP_RESPONSE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(300_000),
  /** Ports app servers may reach public hosts on; their chat's integration endpoints are open on their own ports. */
  KILN_APP_EGRESS_PORTS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('80,443')
      .refine((value) => {
        const ports = commaList(value) ?? [];
        return (
          ports.length > 0 &&
          ports.every((port) => /^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535)
        );
      }, 'expected ports (1-65535) separated by commas, e.g. 80,443'),
  ),

  // The server's browser (issue 19): version screenshots, website analysis, runtime checks.
  /** Chromium's executable; missing, those features say so and degrade. */
  KILN_CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  /** Browser pages (each in its own context) open at once. */
  KILN_BROWSER_PAGES: z.coerce.number().int().min(1).max(32).default(2),
  /**
   * The browser opens each built version once: its screenshot (cards, listings) and the runtime
   * check (errors after the build). 'false' spares a page load per build on a small machine.
   */
  KILN_VERSION_CHECKS: z.enum(['true', 'false']).default('true'),

  // Hosting (deployments and custom domains; docs/operations/hosting.md).
  /** DNS servers custom domains are verified through (`ip` or `ip:port`, comma-separated); default the system's. */
  KILN_DNS_SERVERS: optionalString,
  /** Kiln's own public addresses: an apex domain's A/AAAA record may point here instead of a CNAME. */
  KILN_PUBLIC_IPS: optionalString,
  /** Where the TLS front (Caddy) listens: the SSL status check handshakes there with the domain's SNI. */
  KILN_TLS_PROBE_ADDRESS: z.string().default('127.0.0.1:443'),
  /** Extra CA certificates (a PEM file) the SSL status check trusts, e.g. a staging ACME server's root. */
  KILN_TLS_PROBE_CA: optionalString,
  /** Bytes of deployed files kept in memory for serving. */
  KILN_DEPLOY_CACHE_MB: z.coerce.number().int().min(8).default(256),

  /** Let integrations reach loopback/private addresses (self-hosting on a private network; tests). */
  KILN_ALLOW_PRIVATE_INTEGRATIONS: z.enum(['true', 'false']).default('false'),
  /** Let URLs fetched on a user's behalf (clone) reach loopback/private addresses and any port (tests, private deployments). */
  KILN_CLONE_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  /** `host:port` origins (comma-separated) clone may reach whatever their address: one site, not the network. */
  KILN_CLONE_ALLOW_ORIGINS: z
    .string()
    .default('')
    .refine(
      (value) => (commaList(value) ?? []).every((origin) => ORIGIN.test(origin)),
      'expected host:port entries separated by commas, e.g. 127.0.0.1:4100,intranet.example:8080',
    ),
  /** Billing (issue 18): Stripe is on when both the secret key and the webhook secret are set. */
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** A Stripe-compatible API address instead of api.stripe.com (tests, stripe-mock). */
  STRIPE_API_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  STRIPE_PRICE_MONTHLY: optionalString,
  STRIPE_PRICE_YEARLY: optionalString,
  KILN_PREMIUM_MONTHLY_USD: z.coerce.number().positive().max(100_000).default(20),
  KILN_PREMIUM_YEARLY_USD: z.coerce.number().positive().max(1_000_000).default(200),

  // Abuse limits (issue 21 item 2; src/core/limits/config.ts has the format and the defaults).
  /** Windows per user and per address, and caps: `generation=20/1m,chat-create@ip=100/1m,build-queue=5`. */
  KILN_RATE_LIMITS: optionalString,
  /** Proxies whose X-Forwarded-For names the client (IPs or CIDRs, comma-separated); default loopback (Caddy on the host). */
  KILN_TRUSTED_PROXIES: z.string().default('127.0.0.1,::1'),

  // Operations (issue 20 item 3): GET /metrics for a scraper holding the token (unset: 404); JSON logs.
  KILN_METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16).optional()),
  KILN_LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
});

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  /** Host names under which previews are served: `{chatId}-{version}.{previewHost}` (lower case). */
  previewHosts: PreviewHosts;
  listen: string;
  dataDir: string;
  databaseUrl: string | undefined;
  secret: string | undefined;
  previousSecrets: string[];
  github: { clientId: string; clientSecret: string } | undefined;
  /** Code-hosting sync (issue 15): the OAuth App's id alone enables the device flow; its secret the web flow. */
  codeHost: {
    clientId: string | undefined;
    clientSecret: string | undefined;
    webUrl: string;
    apiUrl: string;
  };
  role: 'all' | 'web' | 'worker';
  /** Graceful shutdown's limit (issue 20 item 2). */
  shutdownTimeoutMs: number;
  /** Integrations (issue 16): whether their endpoints may be private or loopback addresses. */
  integrations: { allowPrivateAddresses: boolean };
  /** The SSRF guard of URLs fetched on a user's behalf (issue 19 item 5): private addresses allowed. */
  clone: { allowPrivateAddresses: boolean; allowOrigins: string[] };
  /** Stripe billing (issue 18); undefined without keys (plans are granted with the admin CLI). */
  stripe: StripeConfig | undefined;
  ai: {
    model: string | undefined;
    openaiApiKey: string | undefined;
    openaiBaseUrl: string | undefined;
    anthropicApiKey: string | undefined;
    anthropicBaseUrl: string | undefined;
    compatibleBaseUrl: string | undefined;
    compatibleApiKey: string | undefined;
    timeoutMs: number;
    demoDelayMs: number;
    /** KILN_AUTOFIX_ROUNDS (issue 33 item 4). */
    autofixRounds: number;
  };
  /** What generations cost (issue 17 item 3): the price table and each plan's monthly budget. */
  costs: { prices: PriceTable; monthlyBudgets: MonthlyBudgets };
  s3:
    | {
        bucket: string;
        endpoint: string | undefined;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
      }
    | undefined;
  preview: {
    cacheMb: number;
    /** The build queue's lease (KILN_JOB_LEASE_MS). */
    jobLeaseMs: number;
    buildTimeoutMs: number;
    buildMemoryMb: number;
    buildDiskMb: number;
    buildMaxProcesses: number;
    sandbox: 'auto' | 'bwrap' | 'none';
    standby: boolean;
    /** KILN_NPM_REGISTRY: where installs and Kiln's choice of added packages' versions look. */
    npmRegistry: string;
    /** Build egress (issue 37, decision 0063): on, the origins opened whatever their address, the cache's size. */
    egress: { enabled: boolean; allowOrigins: string[]; cacheBytes: number };
  };
  /** App servers (issue 22, decision 0054). */
  apps: {
    maxRunning: number;
    memoryMb: number;
    /** KILN_APP_DISK_MB: a project server's writable layer (a capped tmpfs). */
    diskMb: number;
    requestTimeoutMs: number;
    idleMs: number;
    maxResponseBytes: number;
    /** KILN_APP_RESPONSE_TIMEOUT_MS: a whole response, its body included. */
    responseTimeoutMs: number;
    startTimeoutMs: number;
    workspacesKept: number;
    /** KILN_APP_EGRESS_PORTS: the ports outgoing connections may use (integration endpoints besides). */
    egressPorts: number[];
  };
  /** The server's browser (issue 19). */
  browser: { chromiumPath: string; maxPages: number; versionChecks: boolean };
  /** Abuse limits (issue 21 item 2): rate windows, caps, and who may name the client's address. */
  limits: { rates: RateLimits; trustedProxies: string[] };
  hosting: {
    dnsServers: string[] | undefined;
    publicIps: string[];
    tlsProbe: { host: string; port: number };
    tlsProbeCaFile: string | undefined;
    cacheBytes: number;
  };
  /** GET /metrics' bearer token (none: the route answers 404) and the JSON log's level. */
  observability: { metricsToken: string | undefined; logLevel: LogLevel };
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  apiUrl: string | undefined;
  /** Existing Stripe price ids; without them Kiln finds or makes its own by lookup key. */
  priceIds: { month: string | undefined; year: string | undefined };
  /** Premium's price in cents when Kiln makes its own catalogue. */
  amounts: { month: number; year: number };
}

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = result.data;
  const prices = parsePriceTable(e.KILN_MODEL_PRICES);
  if (!prices.ok) throw new ConfigError(`Invalid configuration:\n  KILN_MODEL_PRICES: ${prices.message}`);
  const budgets = parseMonthlyBudgets(e.KILN_MONTHLY_BUDGET_USD);
  if (!budgets.ok) {
    throw new ConfigError(`Invalid configuration:\n  KILN_MONTHLY_BUDGET_USD: ${budgets.message}`);
  }
  const rates = parseRateLimits(e.KILN_RATE_LIMITS);
  if (!rates.ok) throw new ConfigError(`Invalid configuration:\n  KILN_RATE_LIMITS: ${rates.message}`);
  const trustedProxies = parseTrustedProxies(e.KILN_TRUSTED_PROXIES);
  if (!trustedProxies.ok) {
    throw new ConfigError(`Invalid configuration:\n  KILN_TRUSTED_PROXIES: ${trustedProxies.message}`);
  }
  const publicUrl = (e.KILN_PUBLIC_URL ?? `http://${e.KILN_HOST}:${e.PORT}`).replace(/\/$/, '');
  const github =
    e.GITHUB_CLIENT_ID && e.GITHUB_CLIENT_SECRET
      ? { clientId: e.GITHUB_CLIENT_ID, clientSecret: e.GITHUB_CLIENT_SECRET }
      : undefined;
  return {
    port: e.PORT,
    host: e.KILN_HOST,
    publicUrl,
    previewHosts: previewHostsFor(e.KILN_HOST, e.KILN_PREVIEW_HOST),
    listen: e.KILN_LISTEN,
    dataDir: e.KILN_DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    secret: e.KILN_SECRET,
    previousSecrets: commaList(e.KILN_SECRET_PREVIOUS) ?? [],
    github,
    codeHost: {
      clientId: e.GITHUB_CLIENT_ID,
      clientSecret: e.GITHUB_CLIENT_SECRET,
      webUrl: e.KILN_GITHUB_URL.replace(/\/$/, ''),
      apiUrl: e.KILN_GITHUB_API_URL.replace(/\/$/, ''),
    },
    role: e.KILN_ROLE,
    shutdownTimeoutMs: e.KILN_SHUTDOWN_TIMEOUT_MS,
    integrations: { allowPrivateAddresses: e.KILN_ALLOW_PRIVATE_INTEGRATIONS === 'true' },
    clone: {
      allowPrivateAddresses: e.KILN_CLONE_ALLOW_PRIVATE === 'true',
      allowOrigins: (commaList(e.KILN_CLONE_ALLOW_ORIGINS) ?? []).map((origin) => origin.toLowerCase()),
    },
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL,
            priceIds: { month: e.STRIPE_PRICE_MONTHLY, year: e.STRIPE_PRICE_YEARLY },
            amounts: {
              month: Math.round(e.KILN_PREMIUM_MONTHLY_USD * 100),
              year: Math.round(e.KILN_PREMIUM_YEARLY_USD * 100),
            },
          }
        : undefined,
    ai: {
      model: e.KILN_MODEL,
      openaiApiKey: e.OPENAI_API_KEY,
      openaiBaseUrl: e.OPENAI_BASE_URL,
      anthropicApiKey: e.ANTHROPIC_API_KEY,
      anthropicBaseUrl: e.ANTHROPIC_BASE_URL,
      compatibleBaseUrl: e.KILN_OPENAI_COMPATIBLE_BASE_URL,
      compatibleApiKey: e.KILN_OPENAI_COMPATIBLE_API_KEY,
      timeoutMs: e.KILN_AI_TIMEOUT_MS,
      demoDelayMs: e.KILN_DEMO_DELAY_MS,
      autofixRounds: e.KILN_AUTOFIX_ROUNDS,
    },
    costs: { prices: prices.table, monthlyBudgets: budgets.budgets },
    s3: e.KILN_S3_BUCKET
      ? {
          bucket: e.KILN_S3_BUCKET,
          endpoint: e.KILN_S3_ENDPOINT,
          region: e.KILN_S3_REGION,
          accessKeyId: e.KILN_S3_ACCESS_KEY_ID,
          secretAccessKey: e.KILN_S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    preview: {
      cacheMb: e.KILN_PREVIEW_CACHE_MB,
      jobLeaseMs: e.KILN_JOB_LEASE_MS,
      buildTimeoutMs: e.KILN_BUILD_TIMEOUT_MS,
      buildMemoryMb: e.KILN_BUILD_MEMORY_MB,
      buildDiskMb: e.KILN_BUILD_DISK_MB,
      buildMaxProcesses: e.KILN_BUILD_MAX_PROCESSES,
      sandbox: e.KILN_SANDBOX,
      standby: e.KILN_PREVIEW_STANDBY === 'true',
      npmRegistry: e.KILN_NPM_REGISTRY,
      egress: {
        enabled: e.KILN_BUILD_EGRESS === 'on',
        allowOrigins: (commaList(e.KILN_BUILD_EGRESS_ALLOW_ORIGINS) ?? []).map((origin) =>
          origin.toLowerCase(),
        ),
        cacheBytes: e.KILN_BUILD_EGRESS_CACHE_MB * 1024 * 1024,
      },
    },
    apps: {
      maxRunning: e.KILN_APP_SERVERS,
      memoryMb: e.KILN_APP_MEMORY_MB,
      diskMb: e.KILN_APP_DISK_MB,
      requestTimeoutMs: e.KILN_APP_REQUEST_TIMEOUT_MS,
      idleMs: e.KILN_APP_IDLE_MS,
      maxResponseBytes: e.KILN_APP_MAX_RESPONSE_MB * 1024 * 1024,
      responseTimeoutMs: e.KILN_APP_RESPONSE_TIMEOUT_MS,
      startTimeoutMs: e.KILN_APP_START_TIMEOUT_MS,
      workspacesKept: e.KILN_APP_WORKSPACES,
      egressPorts: [...new Set((commaList(e.KILN_APP_EGRESS_PORTS) ?? []).map(Number))],
    },
    browser: {
      chromiumPath: e.KILN_CHROMIUM_PATH,
      maxPages: e.KILN_BROWSER_PAGES,
      versionChecks: e.KILN_VERSION_CHECKS === 'true',
    },
    limits: { rates: rates.limits, trustedProxies: trustedProxies.entries },
    hosting: {
      dnsServers: commaList(e.KILN_DNS_SERVERS),
      publicIps: commaList(e.KILN_PUBLIC_IPS) ?? [],
      tlsProbe: hostAndPort(e.KILN_TLS_PROBE_ADDRESS, 443),
      tlsProbeCaFile: e.KILN_TLS_PROBE_CA,
      cacheBytes: e.KILN_DEPLOY_CACHE_MB * 1024 * 1024,
    },
    observability: { metricsToken: e.KILN_METRICS_TOKEN, logLevel: e.KILN_LOG_LEVEL },
  };
}

function commaList(value: string | undefined): string[] | undefined {
  const items = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  return items.length > 0 ? items : undefined;
}

/** `host:port`, `[v6]:port` or a bare host (the default port). */
function hostAndPort(value: string, defaultPort: number): { host: string; port: number } {
  const match = /^\[([^\]]+)\](?::(\d+))?$/.exec(value) ?? /^([^:]+)(?::(\d+))?$/.exec(value);
  if (!match) throw new ConfigError(`Invalid configuration:\n  KILN_TLS_PROBE_ADDRESS: not host:port`);
  return { host: match[1]!, port: match[2] ? Number(match[2]) : defaultPort };
}
