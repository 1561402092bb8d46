import { spawn, type ChildProcess } from 'node:child_process';
import { REPO_ROOT } from '../../../src/server/paths.ts';
import { freePort } from '../../support/free-port.ts';

/**
 * A real Kiln server process (the API only, as crash-safety.test.ts starts it), so a fault can
 * kill it with SIGKILL or find out whether it survived.
 */
export interface KilnProcess {
  url: string;
  child: ChildProcess;
  /** SIGKILL, resolved once the process is gone. */
  kill(): Promise<void>;
  /** Sign up and sign in through HTTP; the session cookie. */
  signIn(email: string): Promise<string>;
  request(path: string, init?: RequestInit & { cookie?: string }): Promise<Response>;
}

/** `worker`: also run the build worker, as `npm start` does (src/server/start.ts). */
export async function startKilnProcess(
  env: Record<string, string>,
  options: { worker?: boolean } = {},
): Promise<KilnProcess> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `
      const { parseConfig } = await import('./src/server/config.ts');
      const { createKiln } = await import('./src/server/main.ts');
      const { serve } = await import('@hono/node-server');
      const kiln = await createKiln(parseConfig(process.env));
      serve({ fetch: kiln.app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
      if (process.env.KILN_FAULT_WORKER === 'true') kiln.services.preview.start();
    `,
    ],
    {
      cwd: REPO_ROOT,
      // Warnings and errors only: an access-log line per request would bury the test's own output.
      env: {
        ...process.env,
        KILN_LOG_LEVEL: 'warn',
        ...env,
        PORT: String(port),
        KILN_FAULT_WORKER: String(options.worker ?? false),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const origin = `http://localhost:${port}`;
  await waitForHealth(url, child);
  const request = (path: string, init: RequestInit & { cookie?: string } = {}) => {
    const headers = new Headers(init.headers);
    headers.set('origin', origin);
    if (init.cookie) headers.set('cookie', init.cookie);
    return fetch(`${url}${path}`, { ...init, headers });
  };
  return {
    url,
    child,
    request,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await gone;
    },
    async signIn(email) {
      const account = { email, password: 'correct horse 1', name: 'Fault Tester' };
      const json = { 'content-type': 'application/json' };
      await request('/api/auth/sign-up/email', {
        method: 'POST',
        headers: json,
        body: JSON.stringify(account),
      });
      const signedIn = await request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email, password: account.password }),
      });
      if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.status}`);
      return signedIn.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
    },
  };
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 90_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not start');
}
