import { ConfigError, parseConfig, type Config } from '../config.ts';
import { createKiln } from '../main.ts';
import { adminCliKey } from '../admin/cli-key.ts';
import { DataDirLockedError, loadOrCreateSecret } from '../storage/data-dir.ts';
import { runCommand, USAGE, UsageError } from './commands.ts';

export { runCommand, UsageError } from './commands.ts';

/**
 * With the embedded database the running server owns the data folder: the command is sent to it
 * (POST /api/admin-cli) with the key derived from Kiln's secret, and it runs there.
 */
export async function runOnServer(config: Config, argv: string[]): Promise<string> {
  const secret = loadOrCreateSecret(config.dataDir, config.secret);
  const host = config.listen === '0.0.0.0' || config.listen === '::' ? '127.0.0.1' : config.listen;
  const response = await fetch(
    `http://${host.includes(':') ? `[${host}]` : host}:${config.port}/api/admin-cli`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${adminCliKey(secret)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ argv }),
    },
  ).catch((error: unknown) => {
    throw new UsageError(
      `Another Kiln process owns the data folder, and its server did not answer on ${host}:${config.port} (${String(error)}).`,
    );
  });
  const body = (await response.json().catch(() => null)) as {
    output?: string;
    error?: { message?: string };
  } | null;
  if (response.ok && typeof body?.output === 'string') return body.output;
  throw new UsageError(body?.error?.message ?? `The running server answered ${response.status}.`);
}

async function main() {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === 'help') {
    console.log(USAGE);
    return;
  }
  const config = parseConfig(process.env);
  let kiln: Awaited<ReturnType<typeof createKiln>>;
  try {
    kiln = await createKiln(config);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.log(await runOnServer(config, argv));
    return;
  }
  try {
    console.log(await runCommand(kiln, argv));
  } finally {
    await kiln.close();
  }
}

// Only run when executed, not when imported by tests.
if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    const known =
      error instanceof UsageError || error instanceof ConfigError || error instanceof DataDirLockedError;
    const message = error instanceof Error && 'body' in error ? JSON.stringify(error.body) : String(error);
    console.error(known ? (error as Error).message : message);
    process.exit(1);
  });
}
