import http from 'node:http';
import https from 'node:https';
import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { Agent, fetch } from 'undici';
import type { ProviderDefinition } from '../../core/integrations/index.ts';
import {
  checkedAddresses,
  checkedLookup,
  pinnedPostgresConfig,
  UnsafeEndpointError,
  type EndpointPolicy,
} from './pinned-endpoints.ts';

/** What 'Test connection' answers: whether it worked and what the person reads. */
export interface ConnectionTestResult {
  ok: boolean;
  message: string;
}

const TIMEOUT_MS = 10_000;

/** Connects with `pg` and runs `select 1`: proves the host, the credentials and the database. */
async function testPostgres(
  label: string,
  connectionString: string,
  policy: EndpointPolicy,
): Promise<ConnectionTestResult> {
  let config: pg.ClientConfig;
  try {
    config = await pinnedPostgresConfig(label, connectionString, policy);
  } catch (error) {
    return { ok: false, message: reason(error) };
  }
  const client = new pg.Client({
    ...config,
    connectionTimeoutMillis: TIMEOUT_MS,
    statement_timeout: TIMEOUT_MS,
    query_timeout: TIMEOUT_MS,
  });
  // A server closing the connection later must not crash the process.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return { ok: true, message: 'Connected to the database.' };
  } catch (error) {
    return { ok: false, message: `Could not connect to the database: ${reason(error)}` };
  } finally {
    await client.end().catch(() => {});
  }
}

/** Supabase answers its REST root only with a valid API key. */
async function testSupabaseRest(
  label: string,
  projectUrl: string,
  anonKey: string,
  policy: EndpointPolicy,
): Promise<ConnectionTestResult> {
  const url = `${projectUrl.replace(/\/+$/, '')}/rest/v1/`;
  const dispatcher = new Agent({ connect: { lookup: checkedLookup(label, policy) } });
  try {
    const response = await fetch(url, {
      headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` },
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
      dispatcher,
    });
    await response.body?.cancel();
    if (response.ok) return { ok: true, message: 'The project’s REST API accepted the anon key.' };
    if (response.status === 401 || response.status === 403)
      return { ok: false, message: `The project’s REST API refused the anon key (HTTP ${response.status}).` };
    return { ok: false, message: `The project’s REST API answered HTTP ${response.status}.` };
  } catch (error) {
    return { ok: false, message: `Could not reach the project URL: ${reason(error)}` };
  } finally {
    await dispatcher.close().catch(() => undefined);
  }
}

async function testS3(
  label: string,
  values: Record<string, unknown>,
  policy: EndpointPolicy,
): Promise<ConnectionTestResult> {
  const lookup = checkedLookup(label, policy);
  const client = new S3Client({
    endpoint: String(values.endpoint),
    region: String(values.region),
    forcePathStyle: true,
    credentials: { accessKeyId: String(values.accessKeyId), secretAccessKey: String(values.secretAccessKey) },
    requestHandler: {
      requestTimeout: TIMEOUT_MS,
      connectionTimeout: TIMEOUT_MS,
      httpAgent: new http.Agent({ lookup }),
      httpsAgent: new https.Agent({ lookup }),
    },
    maxAttempts: 1,
  });
  try {
    await client.send(new HeadBucketCommand({ Bucket: String(values.bucket) }));
    return { ok: true, message: `The bucket ${String(values.bucket)} is reachable with these keys.` };
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404) return { ok: false, message: `The bucket ${String(values.bucket)} does not exist.` };
    if (status === 403 || status === 401)
      return { ok: false, message: 'The storage service refused these keys for this bucket.' };
    return { ok: false, message: `Could not reach the storage service: ${reason(error)}` };
  } finally {
    client.destroy();
  }
}

async function testSmtp(
  label: string,
  values: Record<string, unknown>,
  policy: EndpointPolicy,
): Promise<ConnectionTestResult> {
  const port = Number(values.port);
  const host = String(values.host);
  let address: string;
  try {
    [address = host] = await checkedAddresses(label, host, policy);
  } catch (error) {
    return { ok: false, message: reason(error) };
  }
  const transport = nodemailer.createTransport({
    // The checked address, and the name for the certificate check and SNI.
    host: address,
    servername: host,
    port,
    secure: port === 465,
    auth: { user: String(values.user), pass: String(values.password) },
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  try {
    await transport.verify();
    return { ok: true, message: 'The mail server accepted the sign-in.' };
  } catch (error) {
    return { ok: false, message: `The mail server refused: ${reason(error)}` };
  } finally {
    transport.close();
  }
}

function reason(error: unknown): string {
  // A refusal from the socket's lookup may arrive wrapped (fetch's 'fetch failed', the S3 SDK).
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof UnsafeEndpointError) return cause.message;
  if (error instanceof Error && error.message) return error.message;
  return 'unknown error';
}

/**
 * The real call per provider where one is possible; Stripe and Resend have no configurable base
 * URL here, so their keys are checked for format only (the save already did that).
 */
export async function testConnection(
  provider: ProviderDefinition,
  values: Record<string, unknown>,
  policy: EndpointPolicy,
): Promise<ConnectionTestResult> {
  // Refusals name the field as the form does (the label the save-time check uses too).
  const labelOf = (name: string) => provider.fields.find((field) => field.name === name)?.label ?? name;
  switch (provider.id) {
    case 'postgres':
      return testPostgres(labelOf('connectionString'), String(values.connectionString), policy);
    case 'supabase': {
      const database = await testPostgres(labelOf('databaseUrl'), String(values.databaseUrl), policy);
      if (!database.ok) return database;
      const rest = await testSupabaseRest(
        labelOf('projectUrl'),
        String(values.projectUrl),
        String(values.anonKey),
        policy,
      );
      return rest.ok ? { ok: true, message: `${database.message} ${rest.message}` } : rest;
    }
    case 's3':
      return testS3(labelOf('endpoint'), values, policy);
    case 'smtp':
      return testSmtp(labelOf('host'), values, policy);
    default:
      return {
        ok: true,
        message: `The keys have the right format (Kiln does not call ${provider.label} to check them).`,
      };
  }
}
