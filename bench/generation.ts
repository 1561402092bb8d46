/**
 * `npm run bench -- generation`: what Kiln adds on top of the model's own stream.
 * (a) one generation at a time: time to first and last byte through Kiln vs. reading the fake
 *     OpenAI-protocol server directly (goal, issue 34 item 3: p50 at most 5 ms added to the first
 *     byte);
 * (b) 200 concurrent generations: all complete, none lost, p95 added latency, peak server memory.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { grantPremium } from '../src/server/billing/subscriptions.ts';
import { parseConfig } from '../src/server/config.ts';
import { createKiln } from '../src/server/main.ts';
import { chunkText, startFakeLlm, type FakeLlm } from '../tests/fixtures/fake-llm/server.ts';
import { startKilnProcess, type KilnProcess } from './support/kiln-process.ts';
import { median, percentile, round } from './support/stats.ts';

const ANSWER_BYTES = 60 * 1024;
/** Issue 34 item 3: what Kiln may add to the first byte (p50), in ms. */
const FIRST_BYTE_GOAL_MS = 5;
const SEQUENTIAL_RUNS = 31;
const CONCURRENT = 200;

function makeAnswer(): string {
  const line = '  <div className="rounded-xl border p-4 shadow-sm">Card</div>\n';
  const body = line.repeat(Math.ceil(ANSWER_BYTES / line.length)).slice(0, ANSWER_BYTES - 200);
  return `<kilnArtifact title="Bench">\n<kilnFile name="src/App.tsx">\n${body}\n</kilnFile>\n</kilnArtifact>\n`;
}

interface Timing {
  firstMs: number;
  lastMs: number;
  bytes: number;
}

async function readTimed(response: Promise<Response>, start: number): Promise<Timing> {
  const res = await response;
  if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
  const reader = res.body.getReader();
  let firstMs = NaN;
  let bytes = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (Number.isNaN(firstMs)) firstMs = performance.now() - start;
    bytes += value.byteLength;
  }
  return { firstMs, lastMs: performance.now() - start, bytes };
}

function direct(llm: FakeLlm): Promise<Timing> {
  const start = performance.now();
  return readTimed(
    fetch(`${llm.openaiBaseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer x' },
      body: JSON.stringify({
        model: 'fake-model',
        stream: true,
        messages: [{ role: 'user', content: 'hi' }],
      }),
    }),
    start,
  );
}

interface Session {
  cookie: string;
  chats: string[];
}

/** Signs up, then in (sign-up signs nobody in, issue 21 item 2). */
async function signUp(kiln: KilnProcess, index: number): Promise<{ cookie: string; userId: string }> {
  const account = { email: `bench${index}@example.com`, password: 'correct horse 1', name: `Bench ${index}` };
  const auth = (step: string, body: object) =>
    fetch(`${kiln.url}/api/auth/${step}/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: kiln.origin },
      body: JSON.stringify(body),
    });
  await auth('sign-up', account);
  const response = await auth('sign-in', { email: account.email, password: account.password });
  const body = (await response.json()) as { user: { id: string } };
  return {
    cookie: response.headers
      .getSetCookie()
      .map((l) => l.split(';')[0])
      .join('; '),
    userId: body.user.id,
  };
}

async function newChat(kiln: KilnProcess, cookie: string): Promise<string> {
  const response = await fetch(`${kiln.url}/api/chats`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: kiln.origin },
    body: JSON.stringify({ prompt: 'Bench', framework: 'react' }),
  });
  return ((await response.json()) as { id: string }).id;
}

function throughKiln(kiln: KilnProcess, cookie: string, chatId: string): Promise<Timing> {
  const form = new FormData();
  form.set('id', chatId);
  form.set('prompt', 'A card grid');
  const start = performance.now();
  return readTimed(
    fetch(`${kiln.url}/api/components`, { method: 'POST', body: form, headers: { cookie } }),
    start,
  );
}

async function withKiln<T>(
  env: Record<string, string>,
  dataDir: string,
  work: (kiln: KilnProcess) => Promise<T>,
) {
  const kiln = await startKilnProcess(env, { dataDir, keepData: true });
  try {
    return await work(kiln);
  } finally {
    await kiln.stop();
  }
}

export default async function run(): Promise<void> {
  const llm = await startFakeLlm();
  const text = makeAnswer();
  llm.enqueue({ chunks: chunkText(text, 60) });
  const env = {
    KILN_MODEL: 'openai:fake-model',
    OPENAI_API_KEY: 'bench',
    OPENAI_BASE_URL: llm.openaiBaseUrl,
    // Many generations at once from one address is the point here, not an abuse.
    KILN_RATE_LIMITS: 'off',
  };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-bench-gen-'));
  try {
    // Accounts and chats first; premium is granted while the server is stopped (one process
    // owns the embedded database), exactly as `npm run kiln -- plan grant` does.
    const sessions = await withKiln(env, dataDir, async (kiln) => {
      const result: Array<Session & { userId: string }> = [];
      for (let i = 0; i < 4; i++) {
        const { cookie, userId } = await signUp(kiln, i);
        const chats: string[] = [];
        for (let c = 0; c < CONCURRENT / 4 + 2; c++) chats.push(await newChat(kiln, cookie));
        result.push({ cookie, userId, chats });
      }
      return result;
    });
    const admin = await createKiln(parseConfig({ KILN_DATA_DIR: dataDir }));
    for (const session of sessions) await grantPremium(admin.services.db, session.userId);
    await admin.close();

    await withKiln(env, dataDir, async (kiln) => {
      // (a) one at a time, direct vs. through Kiln, interleaved so both see the same machine.
      const first = sessions[0]!;
      const added = { first: [] as number[], last: [] as number[] };
      for (let i = 0; i < 8; i++) {
        await direct(llm);
        await throughKiln(kiln, first.cookie, first.chats[CONCURRENT / 4]!);
      }
      for (let i = 0; i < SEQUENTIAL_RUNS; i++) {
        const d = await direct(llm);
        const k = await throughKiln(kiln, first.cookie, first.chats[CONCURRENT / 4 + 1]!);
        if (k.bytes !== text.length) throw new Error(`lost bytes: ${k.bytes} of ${text.length}`);
        added.first.push(k.firstMs - d.firstMs);
        added.last.push(k.lastMs - d.lastMs);
      }

      // (b) 200 concurrent generations against 200 chats; direct baseline at the same concurrency.
      const directAll = await Promise.all(Array.from({ length: CONCURRENT }, () => direct(llm)));
      const jobs = Array.from({ length: CONCURRENT }, (_, i) => {
        const session = sessions[i % sessions.length]!;
        return throughKiln(kiln, session.cookie, session.chats[Math.floor(i / sessions.length)]!).catch(
          (error: unknown) => ({ error }),
        );
      });
      const results = await Promise.all(jobs);
      const completed = results.filter((r): r is Timing => !('error' in r) && r.bytes === text.length);
      const lost = CONCURRENT - completed.length;
      const p95Added =
        percentile(
          completed.map((r) => r.lastMs),
          95,
        ) -
        percentile(
          directAll.map((r) => r.lastMs),
          95,
        );

      // Every generation must also be stored complete.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const peak = kiln.peakRssMb();

      const summary = {
        name: 'generation',
        answer_bytes: text.length,
        added_first_byte_p50_ms: round(median(added.first)),
        added_first_byte_goal_ms: FIRST_BYTE_GOAL_MS,
        added_last_byte_p50_ms: round(median(added.last)),
        concurrent: CONCURRENT,
        completed: completed.length,
        lost,
        p95_added_ms: round(p95Added),
        peak_rss_mb: peak,
      };
      const firstByte = summary.added_first_byte_p50_ms;
      const verdict =
        firstByte <= FIRST_BYTE_GOAL_MS ? 'met' : `${round(firstByte - FIRST_BYTE_GOAL_MS)} ms over`;
      console.table([
        { measure: 'added to first byte, p50', ms: firstByte },
        { measure: `  goal: at most ${FIRST_BYTE_GOAL_MS} ms (${verdict})`, ms: FIRST_BYTE_GOAL_MS },
        { measure: 'added to last byte, p50', ms: summary.added_last_byte_p50_ms },
        { measure: `${CONCURRENT} concurrent: completed`, ms: completed.length },
        { measure: `${CONCURRENT} concurrent: p95 added`, ms: summary.p95_added_ms },
        { measure: 'peak server RSS (MB)', ms: peak },
      ]);
      console.log(`BENCH ${JSON.stringify(summary)}`);
    });
  } finally {
    await llm.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
