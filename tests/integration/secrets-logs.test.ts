import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github/server.ts';
import { findLeaks } from '../support/leak-scan.ts';
import { startLoopbackSmtp } from '../support/smtp-server.ts';

const TSX = path.resolve('node_modules/.bin/tsx');
const PREVIOUS_SECRET = 'previous-secret-' + 'p'.repeat(30);
const PASSWORD = 'logscan-password-5c6d';
const STRIPE_SECRET = 'sk_test_logscan_1122aabb';
const SMTP_PASSWORD = 'smtp-logscan-pass-3344';

/** Runs a process to its end or until `ready` is printed, keeping everything it writes. */
function run(args: string[], env: Record<string, string>, ready?: string) {
  const child = spawn(TSX, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const started = new Promise<string>((resolve, reject) => {
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready && output.match(ready);
      if (match) resolve(match[1] ?? '');
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('exit', (code) => (ready ? reject(new Error(`exited ${code}: ${output}`)) : resolve('')));
  });
  return { child, started, output: () => output };
}

function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * Kiln's own process, its stdout and stderr captured, through sign-up, sign-in, a wrong password,
 * a GitHub token (and a refused one), integrations with keys (a good and a wrong SMTP password),
 * sign-out, then `secrets rotate`: no secret, session token or credential may appear in the output.
 */
describe('no secret reaches the logs (issue 21 item 7)', () => {
  let fake: FakeGitHub;
  let smtp: Awaited<ReturnType<typeof startLoopbackSmtp>>;
  let dataDir: string;
  let server: ReturnType<typeof run> | undefined;

  beforeAll(async () => {
    fake = await startFakeGitHub({ deviceInterval: 0 });
    smtp = await startLoopbackSmtp({ user: 'mailer', password: SMTP_PASSWORD });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-logscan-'));
  });
  afterAll(async () => {
    if (server) await stopped(server.child);
    await fake?.close();
    await smtp?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a real flow over HTTP and the rotate command print none of them', async () => {
    // No KILN_SECRET: the server generates the data folder's secret file, whose value is scanned.
    const env = {
      KILN_DATA_DIR: dataDir,
      KILN_SECRET: '',
      KILN_SECRET_PREVIOUS: PREVIOUS_SECRET,
      KILN_RATE_LIMITS: 'off',
      KILN_ALLOW_PRIVATE_INTEGRATIONS: 'true',
      KILN_GITHUB_URL: fake.url,
      KILN_GITHUB_API_URL: fake.apiUrl,
      KILN_PUBLIC_URL: 'http://127.0.0.1:1',
    };
    server = run(['tests/support/serve-kiln.ts'], env, 'listening on (\\d+)');
    const base = `http://127.0.0.1:${await server.started}`;
    let cookie = '';
    const call = async (pathname: string, method = 'GET', json?: unknown) => {
      const response = await fetch(base + pathname, {
        method,
        headers: {
          origin: env.KILN_PUBLIC_URL,
          cookie,
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      const set = response.headers.getSetCookie().find((line) => line.includes('session_token='));
      if (set) cookie = set.split(';')[0]!;
      return response;
    };

    const email = 'leak@example.com';
    expect(
      (await call('/api/auth/sign-up/email', 'POST', { email, password: PASSWORD, name: 'Lea' })).ok,
    ).toBe(true);
    expect((await call('/api/auth/sign-in/email', 'POST', { email, password: 'wrong-' + PASSWORD })).ok).toBe(
      false,
    );
    expect((await call('/api/auth/sign-in/email', 'POST', { email, password: PASSWORD })).ok).toBe(true);
    const sessionToken = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    expect(sessionToken.length).toBeGreaterThan(8);

    const ghToken = fake.createUser('octo').token;
    expect((await call('/api/codehost/token', 'POST', { token: ghToken })).status).toBe(200);
    const refusedToken = 'ghp_not_a_real_token_0987654321';
    expect((await call('/api/codehost/token', 'POST', { token: refusedToken })).ok).toBe(false);

    const stripe = await call('/api/integrations', 'POST', {
      name: 'Pay',
      type: 'payments',
      provider: 'stripe',
      credentials: { publishableKey: 'pk_test_logscan', secretKey: STRIPE_SECRET },
    });
    expect(stripe.status).toBe(201);
    const smtpFields = { host: '127.0.0.1', port: smtp.port, user: 'mailer', from: 'App <app@example.com>' };
    for (const password of [SMTP_PASSWORD, 'wrong-' + SMTP_PASSWORD]) {
      const created = await call('/api/integrations', 'POST', {
        type: 'email',
        provider: 'smtp',
        credentials: { ...smtpFields, password },
      });
      const { id } = (await created.json()) as { id: string };
      expect((await call(`/api/integrations/${id}/test`, 'POST')).status).toBe(200);
    }
    expect((await call('/api/auth/sign-out', 'POST', {})).ok).toBe(true);
    await stopped(server.child);

    const rotate = run(['src/server/cli/kiln.ts', 'secrets', 'rotate'], env);
    await rotate.started;
    expect(rotate.output()).toContain('GitHub tokens: 0 re-sealed, 0 sealed, 1 already current');

    const secretFile = fs.readFileSync(path.join(dataDir, 'secret'), 'utf8').trim();
    const output = server.output() + rotate.output();
    expect(output).toContain('listening on');
    expect(
      findLeaks(output, {
        'the secret file': secretFile,
        KILN_SECRET_PREVIOUS: PREVIOUS_SECRET,
        'a password': PASSWORD,
        'a wrong password': 'wrong-' + PASSWORD,
        'the session token': sessionToken,
        'a GitHub token': ghToken,
        'a refused GitHub token': refusedToken,
        'a Stripe secret key': STRIPE_SECRET,
        'an SMTP password': SMTP_PASSWORD,
        'a wrong SMTP password': 'wrong-' + SMTP_PASSWORD,
      }),
    ).toEqual([]);
  }, 180_000);
});
