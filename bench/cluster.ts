/**
 * `npm run bench -- cluster [--generations=500] [--duration=5]`: Kiln as a cluster (issue 20), on
 * loopback only — an embedded PostgreSQL, the loopback S3, 2 web processes (`KILN_ROLE=web`) and
 * 2 build workers (`KILN_ROLE=worker`), each its own OS process and data folder
 * (tests/integration/cluster/cluster.ts starts them, as the cluster test does).
 * - generations: that many demo-model generations at once, alternating between the two web
 *   processes (as many users as the free plan's monthly versions need; KILN_RATE_LIMITS=off).
 *   lost: a generation whose stored answer is missing, unfinished, or not the text its client
 *   was streamed; errors: a refused request or a broken stream. gen_p95_ms: POST to the last byte.
 * - preview_rps: a deployed site (an HTML version deployed through web A) under keep-alive load
 *   (undici, 50 connections) on both web processes together; preview_rps_one: the same load on web
 *   A alone; ratio: the two (medians of 3 alternated runs of each). The load generator shares
 *   the machine's cores with the servers: on a 2-core machine two processes cannot double one.
 * Bounded: the generations must end within 10 minutes; 7 load runs of --duration seconds.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { PLANS } from '../src/core/plans/index.ts';
import { messages } from '../src/server/db/schema/index.ts';
import { startCluster, type Cluster } from '../tests/integration/cluster/cluster.ts';
import { Person, StreamReader } from '../tests/integration/cluster/http.ts';
import type { ClusterNode } from '../tests/integration/cluster/node.ts';
import { startTestPostgres } from '../tests/integration/postgres-server.ts';
import { load, type LoadResult } from './support/load.ts';
import { median, percentile, round } from './support/stats.ts';

const GENERATION_DEADLINE_MS = 10 * 60_000;
/** Site load runs of each kind (one process, both), alternated. */
const ROUNDS = 3;

interface Outcome {
  chatId: string;
  version: number;
  text: string;
  ms: number;
  error: string | undefined;
}

/** Runs `tasks` with at most `limit` at once (set-up requests: not what is measured). */
async function inBatches<T>(count: number, limit: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await task(index);
      }
    }),
  );
  return results;
}

async function generateOnce(person: Person, web: ClusterNode, chatId: string): Promise<Outcome> {
  const started = performance.now();
  try {
    const response = await person.startGeneration(web, chatId, 'A counter with a reset button');
    if (response.status !== 200) {
      return { chatId, version: 0, text: '', ms: 0, error: `${response.status} ${await response.text()}` };
    }
    const reader = new StreamReader(response);
    const { error } = await reader.readToEnd();
    return {
      chatId,
      version: Number(response.headers.get('x-kiln-version')),
      text: reader.text,
      ms: performance.now() - started,
      error: error === undefined ? undefined : String(error),
    };
  } catch (error) {
    return { chatId, version: 0, text: '', ms: 0, error: String(error) };
  }
}

/** The stored answers that are not exactly what their clients were streamed, finished. */
async function lostOf(cluster: Cluster, outcomes: Outcome[]): Promise<number> {
  const rows = await cluster.db
    .select({
      chatId: messages.chatId,
      version: messages.version,
      content: messages.content,
      finishReason: messages.finishReason,
    })
    .from(messages)
    .where(
      and(
        inArray(
          messages.chatId,
          outcomes.map((outcome) => outcome.chatId),
        ),
        eq(messages.role, 'assistant'),
      ),
    );
  const byKey = new Map(rows.map((row) => [`${row.chatId}:${row.version}`, row]));
  return outcomes.filter((outcome) => {
    const row = byKey.get(`${outcome.chatId}:${outcome.version}`);
    return !row || row.finishReason !== 'stop' || row.content !== outcome.text || row.content === '';
  }).length;
}

async function siteLoad(webs: ClusterNode[], host: string, durationMs: number): Promise<LoadResult[]> {
  // 50 connections in all, shared by the processes under load.
  const connections = Math.floor(50 / webs.length);
  return Promise.all(
    webs.map((web) => load({ origin: web.url, path: '/', headers: { host }, connections, durationMs })),
  );
}

export default async function run(args: string[]): Promise<void> {
  const option = (name: string, fallback: number) =>
    Number(args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
  const count = option('generations', 500);
  const durationMs = option('duration', 5) * 1000;
  const postgres = await startTestPostgres();
  let cluster: Cluster | undefined;
  try {
    cluster = await startCluster(postgres.url, {
      webs: 2,
      workers: 2,
      demoDelayMs: 2,
    });
    const [webA, webB] = cluster.webs as [ClusterNode, ClusterNode];

    // Set-up: people (each within the free plan's versions) and one chat per generation.
    const perPerson = PLANS.free.versionsPerWindow;
    const people = await inBatches(Math.ceil(count / perPerson), 8, async (index) => {
      const person = new Person(`bench-cluster-${index}@bench.local`);
      await person.signUp(index % 2 === 0 ? webA : webB);
      return person;
    });
    const chats = await inBatches(count, 16, async (index) => {
      const person = people[Math.floor(index / perPerson)]!;
      return { person, chatId: await person.createChat(index % 2 === 0 ? webA : webB, 'html') };
    });

    // All at once, half through each web process.
    const started = performance.now();
    const all = Promise.all(
      chats.map(({ person, chatId }, index) => generateOnce(person, index % 2 === 0 ? webA : webB, chatId)),
    );
    const outcomes = await Promise.race([
      all,
      new Promise<never>((_, reject) =>
        setTimeout(
          () => reject(new Error('generations did not end in time')),
          GENERATION_DEADLINE_MS,
        ).unref(),
      ),
    ]);
    const wallMs = performance.now() - started;
    const errors = outcomes.filter((outcome) => outcome.error !== undefined);
    const lost = await lostOf(cluster, outcomes);
    const times = outcomes.filter((outcome) => outcome.error === undefined).map((outcome) => outcome.ms);

    // A deployed site (HTML: no build), served by one web process, then by both.
    const [deployed] = chats;
    await cluster.buyPremium(deployed!.person); // deployment is a premium feature
    const subdomain = `bench-${Date.now().toString(36)}`;
    const deploy = await deployed!.person.request(webA, `/api/chats/${deployed!.chatId}/deployment`, {
      method: 'POST',
      json: { subdomain, version: 1 },
    });
    if (deploy.status !== 200) throw new Error(`deploy: ${deploy.status} ${await deploy.text()}`);
    const host = `${subdomain}.localhost`;
    await siteLoad([webA, webB], host, 1000); // warm both (their caches of the site)
    // One process, then both, alternately: what else the machine does (the versions' screenshots
    // after the generations, other programs) weighs on both measures alike; the medians count.
    const rpsOfOne: number[] = [];
    const rpsOfBoth: number[] = [];
    let failures = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const [webs, into] of [
        [[webA], rpsOfOne],
        [[webA, webB], rpsOfBoth],
      ] as const) {
        const results = await siteLoad([...webs], host, durationMs);
        failures += results.reduce((sum, result) => sum + result.failures, 0);
        into.push(results.reduce((sum, result) => sum + result.rps, 0));
      }
    }
    const rpsOne = median(rpsOfOne);
    const rpsBoth = median(rpsOfBoth);

    console.table({
      generations: { value: count },
      'wall (ms)': { value: Math.round(wallMs) },
      'p50 (ms)': { value: Math.round(percentile(times, 50)) },
      'p95 (ms)': { value: Math.round(percentile(times, 95)) },
      lost: { value: lost },
      errors: { value: errors.length },
      'site req/s, web A': { value: Math.round(rpsOne) },
      'site req/s, A + B': { value: Math.round(rpsBoth) },
      'site failures': { value: failures },
    });
    const runs = (values: number[]) => values.map((value) => Math.round(value)).join(', ');
    console.log(`site req/s by run: web A ${runs(rpsOfOne)}; A + B ${runs(rpsOfBoth)}`);
    for (const error of errors.slice(0, 5)) console.log(`error: ${error.error}`);
    console.log(
      `BENCH ${JSON.stringify({
        name: 'cluster',
        generations: count,
        lost,
        gen_p95_ms: Math.round(percentile(times, 95)),
        preview_rps: Math.round(rpsBoth),
        preview_rps_one: Math.round(rpsOne),
        ratio: round(rpsBoth / rpsOne, 2),
        errors: errors.length + failures,
      })}`,
    );
  } catch (error) {
    if (cluster) console.error(cluster.logs());
    throw error;
  } finally {
    await cluster?.close();
    await postgres.stop();
  }
}
