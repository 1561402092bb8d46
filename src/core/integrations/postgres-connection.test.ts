import { describe, expect, it } from 'vitest';
import { checkCredentials } from './credentials.ts';
import { parsePostgresConnectionString, POSTGRES_PARAMETERS } from './postgres-connection.ts';

const LABEL = 'Connection string';
const parse = (value: string) => parsePostgresConnectionString(value, LABEL);
const refusal = (value: string) => {
  const check = parse(value);
  return check.ok ? null : check.message;
};

describe('PostgreSQL connection strings are read by Kiln’s allow-list (issue 31 item 3)', () => {
  it('reads the address: host, port, user, password and database, percent-decoded', () => {
    expect(parse('postgresql://app%40corp:p%2Fss%3Aword@db.example.com:6543/my%20db')).toEqual({
      ok: true,
      connection: {
        host: 'db.example.com',
        port: 6543,
        user: 'app@corp',
        password: 'p/ss:word',
        database: 'my db',
        tls: 'off',
      },
    });
    expect(parse('postgres://db.example.com')).toEqual({
      ok: true,
      connection: { host: 'db.example.com', tls: 'off' },
    });
    expect(parse('postgres://u:p@[2606:4700::1111]:5432/app')).toMatchObject({
      ok: true,
      connection: { host: '2606:4700::1111', port: 5432 },
    });
  });

  it('accepts the harmless parameters that hosted databases put in their strings', () => {
    // Neon, Supabase's pooler for Prisma, CockroachDB's cluster option.
    expect(
      parse('postgresql://u:p@ep-x.neon.tech/neondb?sslmode=require&channel_binding=require'),
    ).toMatchObject({
      ok: true,
      connection: { tls: 'verify' },
    });
    expect(
      parse('postgres://u:p@pooler.supabase.com:6543/postgres?pgbouncer=true&connection_limit=1').ok,
    ).toBe(true);
    expect(
      parse(
        'postgresql://u:p@free-tier.cockroachlabs.cloud:26257/db?sslmode=verify-full&options=--cluster%3Dkiln-42',
      ),
    ).toMatchObject({ ok: true, connection: { options: '--cluster=kiln-42', tls: 'verify' } });
    expect(parse('postgres://u:p@h.example.com/d?application_name=shop&connect_timeout=10')).toMatchObject({
      ok: true,
      connection: { applicationName: 'shop' },
    });
  });

  it.each([
    ['', 'off'],
    ['?sslmode=disable', 'off'],
    ['?sslmode=require', 'verify'],
    ['?sslmode=verify-full', 'verify'],
    ['?sslmode=no-verify', 'no-verify'],
    ['?ssl=true', 'verify'],
    ['?ssl=1', 'verify'],
    ['?ssl=false', 'off'],
    ['?ssl=0', 'off'],
    ['?ssl=true&sslmode=disable', 'off'],
  ])('TLS of %j is %s (sslmode wins over ssl, as pg-connection-string reads them)', (query, tls) => {
    expect(parse(`postgres://u:p@db.example.com/app${query}`)).toMatchObject({
      ok: true,
      connection: { tls },
    });
  });

  it.each(['sslcert', 'sslkey', 'sslrootcert', 'sslcrl', 'sslcrldir', 'sslkeylogfile'])(
    '%s names a file: refused, whatever the file (a FIFO, /dev/zero, a missing one)',
    (name) => {
      const messages = ['/tmp/kiln/fifo', '/dev/zero', '/no/such/file', 'relative.pem'].map((file) =>
        refusal(`postgres://u:p@db.example.com/app?sslmode=verify-full&${name}=${encodeURIComponent(file)}`),
      );
      // The same answer for every file: it tells nothing about the server's files.
      expect(new Set(messages).size).toBe(1);
      expect(messages[0]).toBe(
        `Connection string: ${name} names a file, and Kiln never reads files named in a connection string. ` +
          'Remove it; sslmode=verify-full checks the database’s certificate against the public certificate authorities.',
      );
    },
  );

  it.each(['passfile', 'service', 'servicefile'])('%s names a file: refused', (name) => {
    expect(refusal(`postgres://u:p@db.example.com/app?${name}=x`)).toBe(
      `Connection string: ${name} names a file, and Kiln never reads files named in a connection string. ` +
        'Remove it and put the user, password, host and database in the address ' +
        '(postgresql://user:password@host:5432/database).',
    );
  });

  it('a file parameter is found however it is written: percent-encoded name, after others, empty value', () => {
    expect(refusal('postgres://u:p@db.example.com/app?sslmode=require&ssl%72ootcert=/dev/zero')).toMatch(
      /^Connection string: sslrootcert names a file/,
    );
    expect(refusal('postgres://u:p@db.example.com/app?sslkey=')).toMatch(
      /^Connection string: sslkey names a file/,
    );
    // A name that differs in case is not libpq's parameter, and not on the list either.
    expect(refusal('postgres://u:p@db.example.com/app?SSLROOTCERT=/dev/zero')).toMatch(
      /^Connection string: the parameter SSLROOTCERT is not supported\. Kiln accepts sslmode, ssl, /,
    );
  });

  it.each([
    ['postgres://u:p@db.example.com/app?host=/var/run/postgresql', 'host'],
    ['postgres:///app?host=%2Ftmp', 'host'],
    ['postgres://u:p@db.example.com/app?hostaddr=10.0.0.1', 'hostaddr'],
    ['postgres://u:p@db.example.com/app?port=5433', 'port'],
    ['postgres://db.example.com/app?user=postgres', 'user'],
    ['postgres://db.example.com/app?password=x', 'password'],
    ['postgres://db.example.com/app?dbname=other', 'dbname'],
  ])('%s: the %s belongs in the address', (value, name) => {
    expect(refusal(value)).toBe(
      `Connection string: put the ${name} in the address (postgresql://user:password@host:5432/database), ` +
        `not in a ${name}= parameter.`,
    );
  });

  it('a Unix socket path as the host is refused, as is any host that is not one network host', () => {
    const socket =
      'Connection string: the host is a Unix socket path, and Kiln connects to databases over the network only ' +
      '(postgresql://user:password@host:5432/database).';
    expect(refusal('postgres://u:p@%2Fvar%2Frun%2Fpostgresql/app')).toBe(socket);
    expect(refusal('postgresql://%2Ftmp:5432/app')).toBe(socket);
    // pg-connection-string reads this one with a dummy host, then the socket of `host=`: not a URL here.
    expect(refusal('postgres://u:p@/app?host=/tmp')).toBe(
      'Connection string must be a postgres:// connection string',
    );
    expect(refusal('postgres:///app')).toBe(
      'Connection string must name the database’s host (postgresql://user:password@host:5432/database)',
    );
    expect(refusal('postgres://u:p@db1.example.com,db2.example.com/app')).toMatch(
      /^Connection string: the host is not a valid host name or IP address/,
    );
    expect(refusal('postgres://u:p@db.example.com:0/app')).toBe(
      'Connection string: the port must be between 1 and 65535.',
    );
  });

  it('refuses an unknown parameter, a bad value, a parameter given twice, and what is no postgres:// URL', () => {
    expect(refusal('postgres://u:p@db.example.com/app?uselibpqcompat=true')).toBe(
      `Connection string: the parameter uselibpqcompat is not supported. Kiln accepts ${Object.keys(
        POSTGRES_PARAMETERS,
      ).join(', ')}.`,
    );
    expect(refusal('postgres://u:p@db.example.com/app?sslmode=sometimes')).toBe(
      'Connection string: sslmode must be one of disable, allow, prefer, require, verify-ca, verify-full, no-verify.',
    );
    expect(refusal('postgres://u:p@db.example.com/app?connect_timeout=-1')).toBe(
      'Connection string: connect_timeout must be a whole number from 0 to 3600.',
    );
    expect(refusal('postgres://u:p@db.example.com/app?application_name=a%0Ab')).toMatch(
      /^Connection string: application_name must be at most 64 characters/,
    );
    expect(refusal('postgres://u:p@db.example.com/app?sslmode=require&sslmode=disable')).toBe(
      'Connection string: the parameter sslmode is given twice.',
    );
    expect(refusal('mysql://u:p@db.example.com/app')).toBe(
      'Connection string must be a postgres:// connection string',
    );
    expect(refusal('socket:/var/run/postgresql?db=app')).toBe(
      'Connection string must be a postgres:// connection string',
    );
    expect(refusal('postgres://u:%E0%A4%A@db.example.com/app')).toBe(
      'Connection string: the user, password or database has a malformed %-escape.',
    );
  });

  it('no message repeats a value (a path, a password)', () => {
    const message = refusal('postgres://u:hunter22@db.example.com/app?sslrootcert=/etc/kiln/secret-path');
    expect(message).not.toContain('hunter22');
    expect(message).not.toContain('secret-path');
    expect(refusal('postgres://u:hunter22@db.example.com/app?application_name=hunter22%00')).not.toContain(
      'hunter22',
    );
  });

  it('the save-time check of both database providers uses the rule: 400 invalid-credentials on the field', () => {
    expect(
      checkCredentials('postgres', {
        connectionString: 'postgres://u:p@db.example.com/app?sslrootcert=/dev/zero',
      }),
    ).toEqual({
      ok: false,
      field: 'connectionString',
      message: expect.stringMatching(/^Connection string: sslrootcert names a file/),
    });
    expect(
      checkCredentials('supabase', {
        projectUrl: 'https://xyz.supabase.co',
        anonKey: 'anon',
        serviceRoleKey: 'service',
        databaseUrl: 'postgresql://postgres:pw@db.xyz.supabase.co:5432/postgres?sslcert=/tmp/fifo',
      }),
    ).toEqual({
      ok: false,
      field: 'databaseUrl',
      message: expect.stringMatching(/^Database connection string: sslcert names a file/),
    });
    expect(
      checkCredentials('postgres', {
        connectionString: ' postgres://u:p@db.example.com/app?sslmode=require ',
      }),
    ).toMatchObject({
      ok: true,
      values: { connectionString: 'postgres://u:p@db.example.com/app?sslmode=require' },
    });
  });
});
