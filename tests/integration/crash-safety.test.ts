import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/server/config.ts';
import { createKiln } from '../../src/server/main.ts';
import { REPO_ROOT } from '../../src/server/paths.ts';
import { chunkText, startFakeLlm } from '../fixtures/fake-llm/server.ts';
import { answer } from './generation-helpers.ts';

const CHUNK_DELAY_MS = 20;

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000) {
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

describe('crash safety: killing the server mid-stream loses at most 500 ms of text', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('keeps the streamed text, and the version is continuable after a restart', async () => {
    const llm = await startFakeLlm();
    cleanups.push(() => llm.close());
    const long = answer('Dashboard', {
      'src/App.tsx': `export default function App() {\n${'  // line\n'.repeat(400)}}`,
    });
    llm.enqueue({ chunks: chunkText(long, 10), delayMs: CHUNK_DELAY_MS });

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-crash-'));
    const port = 3400 + Math.floor(Math.random() * 500);
    const env = {
      ...process.env,
      PORT: String(port),
      KILN_DATA_DIR: dataDir,
      KILN_MODEL: 'openai:fake-model',
      OPENAI_API_KEY: 'test',
      OPENAI_BASE_URL: llm.openaiBaseUrl,
    };
    // The server without the web bundle step: only the API is needed here.
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
    `,
      ],
      { cwd: REPO_ROOT, env, stdio: 'ignore' },
    );
    cleanups.push(() => void child.kill('SIGKILL'));
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url, child);

    // Sign up (which signs nobody in), sign in, and start a chat through the real HTTP server.
    const account = { email: 'crash@example.com', password: 'correct horse 1', name: 'Crash' };
    const auth = (step: string, body: object) =>
      fetch(`${url}/api/auth/${step}/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
        body: JSON.stringify(body),
      });
    await auth('sign-up', account);
    const signIn = await auth('sign-in', { email: account.email, password: account.password });
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const created = await fetch(`${url}/api/chats`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: `http://localhost:${port}` },
      body: JSON.stringify({ prompt: 'A dashboard', framework: 'react' }),
    });
    const chat = (await created.json()) as { id: string; slug: string };
    const form = new FormData();
    form.set('id', chat.id);
    form.set('prompt', 'A dashboard');
    const response = await fetch(`${url}/api/components`, {
      method: 'POST',
      body: form,
      headers: { cookie },
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    // Kill once some text has arrived (not after a set time: a loaded machine may be slower).
    while (received.length < 600) {
      const { value, done } = await reader.read();
      if (done) break;
      received += decoder.decode(value, { stream: true });
    }
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(received.length).toBeGreaterThan(200);
    expect(received.length).toBeLessThan(long.length);

    // Restart on the same data folder: the stale lock is taken over, the version is recovered.
    const kiln = await createKiln(parseConfig({ ...env, KILN_DATA_DIR: dataDir }));
    cleanups.push(() => kiln.close());
    const data = await (
      await kiln.app.request(`/api/chats/by-slug/${chat.slug}`, { headers: { cookie } })
    ).json();
    const stored: string = data.lastAssistantMessage.content;
    const marker = '\n<!-- FINISH_REASON: error -->';
    expect(stored.endsWith(marker)).toBe(true);
    const text = stored.slice(0, -marker.length);
    expect(long.startsWith(text)).toBe(true);
    // At most 500 ms of streaming (chunks of 10 characters every 20 ms) may be missing.
    const charsPer500Ms = (500 / CHUNK_DELAY_MS) * 10;
    expect(text.length).toBeGreaterThanOrEqual(received.length - charsPer500Ms);
    expect(data.lastAssistantMessage.finishReason).toBe('error');

    // Continue generation works on the recovered version.
    llm.enqueue({
      chunks: chunkText(
        '<kilnArtifact title="Dashboard"><kilnFile name="src/App.tsx" action="continue">}\n</kilnFile></kilnArtifact>',
      ),
    });
    const continueForm = new FormData();
    continueForm.set('id', chat.id);
    continueForm.set('prompt', '');
    continueForm.set('action', 'continue');
    continueForm.set('selectedVersion', '1');
    const continued = await kiln.app.request('/api/components', {
      method: 'POST',
      body: continueForm,
      headers: { cookie },
    });
    expect(continued.status).toBe(200);
    expect(continued.headers.get('x-kiln-version')).toBe('2');
    await continued.text();
    await kiln.services.generation.settle();
  }, 120_000);
});
