import { parseIpAddress } from '../net/address-rule.ts';

/**
 * Issue 31 item 3: Kiln reads a PostgreSQL connection string itself, with an allow-list of
 * parameters, and never hands a string it refused to `pg` or `pg-connection-string`. That
 * library reads the files that `sslcert`, `sslkey` and `sslrootcert` name, synchronously: a FIFO
 * or `/dev/zero` there froze the whole server, and the answer told whether a file of the server
 * existed. Nothing here touches the file system or the network; the same rule runs at save time
 * (providers.ts, 400 `invalid-credentials`) and before every connection, so a row stored before
 * the rule existed gets the same refusal and never reaches a client.
 */

/** What Kiln connects with: the parts of an accepted connection string its client uses. */
export interface PostgresConnection {
  /** A host name or an IP address (brackets removed); never a Unix socket path. */
  host: string;
  port?: number;
  user?: string;
  password?: string;
  database?: string;
  /**
   * TLS as `pg-connection-string` reads `ssl` and `sslmode` (sslmode wins): 'off' without TLS,
   * 'verify' checks the certificate against the public authorities, 'no-verify' does not.
   */
  tls: 'off' | 'verify' | 'no-verify';
  applicationName?: string;
  /** Server options sent at start-up (`-c search_path=app`, CockroachDB's `--cluster=…`). */
  options?: string;
}

export type PostgresConnectionCheck =
  { ok: true; connection: PostgresConnection } | { ok: false; message: string };

/** How a connection string is shown in the messages. */
const EXAMPLE = 'postgresql://user:password@host:5432/database';

const SSL_MODES = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full', 'no-verify'];

type ValueRule = { values: readonly string[] } | { integer: [number, number] } | { text: number };

/**
 * The parameters a connection string may carry: none names a file or another host. Kiln's own
 * client uses `sslmode`, `ssl`, `application_name` and `options`; the others are accepted for the
 * app that reads DATABASE_URL (connect_timeout and channel_binding are negotiated by Kiln's client
 * itself with its own limits; pgbouncer, connection_limit, pool_timeout and schema are Prisma's,
 * as in Supabase's pooler strings).
 */
export const POSTGRES_PARAMETERS: Readonly<Record<string, ValueRule>> = {
  sslmode: { values: SSL_MODES },
  ssl: { values: ['true', 'false', '1', '0', 'no-verify'] },
  channel_binding: { values: ['disable', 'prefer', 'require'] },
  application_name: { text: 64 },
  connect_timeout: { integer: [0, 3600] },
  options: { text: 1024 },
  pgbouncer: { values: ['true', 'false'] },
  connection_limit: { integer: [1, 1000] },
  pool_timeout: { integer: [0, 3600] },
  schema: { text: 63 },
};

/** Parameters that name a file (libpq's certificates, key, revocation lists, password and service files). */
const TLS_FILE_PARAMETERS = new Set([
  'sslcert',
  'sslkey',
  'sslrootcert',
  'sslcrl',
  'sslcrldir',
  'sslkeylogfile',
]);
const OTHER_FILE_PARAMETERS = new Set(['passfile', 'service', 'servicefile']);
/** Parameters that belong in the address: a second way to name the host, the user or the database. */
const ADDRESS_PARAMETERS = new Set(['host', 'hostaddr', 'port', 'user', 'password', 'dbname']);

/** A parameter's name as the message shows it (it comes from the person; it is never a value). */
function shown(name: string): string {
  const printable = name.replace(/[^\w.-]/g, '?');
  return printable.length > 40 ? `${printable.slice(0, 40)}…` : printable;
}

function parameterRefusal(label: string, name: string, value: string): string | null {
  if (TLS_FILE_PARAMETERS.has(name))
    return (
      `${label}: ${name} names a file, and Kiln never reads files named in a connection string. ` +
      'Remove it; sslmode=verify-full checks the database’s certificate against the public certificate authorities.'
    );
  if (OTHER_FILE_PARAMETERS.has(name))
    return (
      `${label}: ${name} names a file, and Kiln never reads files named in a connection string. ` +
      `Remove it and put the user, password, host and database in the address (${EXAMPLE}).`
    );
  if (ADDRESS_PARAMETERS.has(name))
    return `${label}: put the ${name} in the address (${EXAMPLE}), not in a ${name}= parameter.`;
  const rule = POSTGRES_PARAMETERS[name];
  if (!rule)
    return (
      `${label}: the parameter ${shown(name)} is not supported. ` +
      `Kiln accepts ${Object.keys(POSTGRES_PARAMETERS).join(', ')}.`
    );
  if ('values' in rule) {
    return rule.values.includes(value) ? null : `${label}: ${name} must be one of ${rule.values.join(', ')}.`;
  }
  if ('integer' in rule) {
    const [min, max] = rule.integer;
    const number = /^\d{1,6}$/.test(value) ? Number(value) : NaN;
    return number >= min && number <= max
      ? null
      : `${label}: ${name} must be a whole number from ${min} to ${max}.`;
  }
  // eslint-disable-next-line no-control-regex
  return value.length <= rule.text && !/[\u0000-\u001f\u007f]/.test(value)
    ? null
    : `${label}: ${name} must be at most ${rule.text} characters, without control characters.`;
}

/** Percent-decoding that answers null for a malformed sequence instead of throwing. */
function decoded(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/** A host name (letters, digits, '-', '_', '.') or a bracketed IPv6 address; null otherwise. */
function hostOf(hostname: string): string | null {
  if (/^\[.*\]$/.test(hostname)) {
    const bare = hostname.slice(1, -1);
    return parseIpAddress(bare) && !bare.includes('%') ? bare : null;
  }
  return /^[a-z0-9_.-]+$/i.test(hostname) ? hostname : null;
}

/**
 * Reads a `postgres://` or `postgresql://` connection string with Kiln's allow-list. `label` is
 * the field's label, for the message. Refuses (with a message that never repeats a value): a
 * parameter that names a file (sslcert, sslkey, sslrootcert, sslcrl, sslcrldir, sslkeylogfile,
 * passfile, service, servicefile), a host, user or database given as a parameter, a Unix socket
 * path or anything else than one network host, a parameter not on the list, one given twice.
 */
export function parsePostgresConnectionString(value: string, label: string): PostgresConnectionCheck {
  const refuse = (message: string): PostgresConnectionCheck => ({ ok: false, message });
  const text = value.trim();
  if (!/^postgres(ql)?:\/\//i.test(text) || !URL.canParse(text))
    return refuse(`${label} must be a postgres:// connection string`);
  const url = new URL(text);

  const seen = new Set<string>();
  for (const [name, parameter] of url.searchParams) {
    const refusal = parameterRefusal(label, name, parameter);
    if (refusal) return refuse(refusal);
    if (seen.has(name)) return refuse(`${label}: the parameter ${shown(name)} is given twice.`);
    seen.add(name);
  }

  if (url.hostname === '') return refuse(`${label} must name the database’s host (${EXAMPLE})`);
  const host = hostOf(url.hostname);
  if (!host) {
    const socket = decoded(url.hostname)?.includes('/') ?? false;
    return refuse(
      socket
        ? `${label}: the host is a Unix socket path, and Kiln connects to databases over the network only (${EXAMPLE}).`
        : `${label}: the host is not a valid host name or IP address (${EXAMPLE}).`,
    );
  }
  const port = url.port === '' ? undefined : Number(url.port);
  if (port !== undefined && (port < 1 || port > 65535))
    return refuse(`${label}: the port must be between 1 and 65535.`);

  const user = decoded(url.username);
  const password = decoded(url.password);
  const database = decoded(url.pathname.replace(/^\//, ''));
  if (user === null || password === null || database === null)
    return refuse(`${label}: the user, password or database has a malformed %-escape.`);

  const ssl = url.searchParams.get('ssl');
  const sslmode = url.searchParams.get('sslmode');
  let tls: PostgresConnection['tls'] = 'off';
  if (sslmode !== null)
    tls = sslmode === 'disable' ? 'off' : sslmode === 'no-verify' ? 'no-verify' : 'verify';
  else if (ssl !== null)
    tls = ssl === 'no-verify' ? 'no-verify' : ssl === 'true' || ssl === '1' ? 'verify' : 'off';

  const applicationName = url.searchParams.get('application_name');
  const options = url.searchParams.get('options');
  return {
    ok: true,
    connection: {
      host,
      tls,
      ...(port !== undefined ? { port } : {}),
      ...(user ? { user } : {}),
      ...(password ? { password } : {}),
      ...(database ? { database } : {}),
      ...(applicationName ? { applicationName } : {}),
      ...(options ? { options } : {}),
    },
  };
}
