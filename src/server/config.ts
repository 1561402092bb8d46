import { z } from 'zod';

/**
 * The whole configuration, parsed once from the environment (README "Configuration" lists every
 * variable; .env.example mirrors it). Nothing else in the server reads process.env.
 */
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  KILN_HOST: z.string().min(1).default('localhost'),
  /** The address people open; defaults to http://{KILN_HOST}:{PORT}. Set it behind TLS/a proxy. */
  KILN_PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  /** Interface the HTTP server binds to. */
  KILN_LISTEN: z.string().default('0.0.0.0'),
  KILN_DATA_DIR: z.string().min(1).default('.kiln'),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.string().startsWith('postgres').optional()),
  /** Signs sessions and encrypts stored credentials. Generated into the data folder when unset. */
  KILN_SECRET: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
  GITHUB_CLIENT_ID: optionalString,
  GITHUB_CLIENT_SECRET: optionalString,
});

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  listen: string;
  dataDir: string;
  databaseUrl: string | undefined;
  secret: string | undefined;
  github: { clientId: string; clientSecret: string } | undefined;
}

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = result.data;
  const publicUrl = (e.KILN_PUBLIC_URL ?? `http://${e.KILN_HOST}:${e.PORT}`).replace(/\/$/, '');
  const github =
    e.GITHUB_CLIENT_ID && e.GITHUB_CLIENT_SECRET
      ? { clientId: e.GITHUB_CLIENT_ID, clientSecret: e.GITHUB_CLIENT_SECRET }
      : undefined;
  return {
    port: e.PORT,
    host: e.KILN_HOST,
    publicUrl,
    listen: e.KILN_LISTEN,
    dataDir: e.KILN_DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    secret: e.KILN_SECRET,
    github,
  };
}
