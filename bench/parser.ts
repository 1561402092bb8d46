/**
 * Parser benchmark (issue 3): MB/s of the streaming artifact parser on realistic model output,
 * whole and in 16-byte chunks, at 1 MB and 8 MB. Prints a table of medians, then as its final
 * line `BENCH {"name":"parser",...}`. Targets: ≥ 50 MB/s whole, chunked_ratio ≤ 2, linear_ratio ≤ ~9.
 * The ratios compare cases measured in interleaved rounds, so both sides share JIT and GC state.
 */
import { performance } from 'node:perf_hooks';
import { createArtifactParser } from '../src/core/artifact/index.ts';

const MB = 1024 * 1024;
const CHUNK_CHARS = 16;

const COMPONENT = (n: number) => `import { useState, type ReactNode } from 'react';

interface CardProps {
  title: string;
  children?: ReactNode;
}

export function Card${n}({ title, children }: CardProps) {
  const [open, setOpen] = useState(false);
  const items = Array.from({ length: 12 }, (_, i) => i).filter((i) => i % 2 === 0 && i < 10);
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <header className="flex items-center justify-between">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        <button type="button" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? 'Hide' : 'Show'}
        </button>
      </header>
      {open && items.length > 0 ? (
        <ul className="mt-4 space-y-2">
          {items.map((i) => (
            <li key={i} className="text-sm text-slate-600">Item {i} &lt; {i + 1}</li>
          ))}
        </ul>
      ) : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
`;

const HTML = (n: number) => `<!doctype html>
<html lang="en" data-theme="light">
<head><meta charset="utf-8" /><title>Page ${n}</title></head>
<body>
  <!-- hero -->
  <main class="container mx-auto">
    <h1 class="text-4xl">Welcome</h1>
    <p>Prices from <strong>$9</strong> &mdash; if a < b and b > c.</p>
    <script>for (let i = 0; i < 3; i++) { console.log(i > 1 ? 'x' : 'y'); }</script>
  </main>
</body>
</html>
`;

/** A model answer of about `targetChars`: text, thinking, then one artifact of many files. */
export function makeAnswer(targetChars: number): string {
  const parts = [
    "I'll build a dashboard with reusable cards.\n\n<thinking>\nSplit into components; keep state local.\n</thinking>\n\n",
    '<kilnArtifact title="Dashboard">\n',
  ];
  let size = parts.join('').length;
  for (let n = 0; size < targetChars - 64; n++) {
    const file =
      n % 3 === 2
        ? `<kilnFile name="public/page-${n}.html">\n${HTML(n)}</kilnFile>\n`
        : `<kilnFile name="src/components/Card${n}.tsx">\n${COMPONENT(n)}</kilnFile>\n`;
    parts.push(file);
    size += file.length;
  }
  parts.push('</kilnArtifact>\n\nThe dashboard is ready.');
  return parts.join('');
}

/** The least a consumer of events does: look at each one. */
let eventCount = 0;
const countEvent = (): void => {
  eventCount++;
};

function parseWhole(text: string, events = true): number {
  const parser = createArtifactParser({ onEvent: events ? countEvent : undefined });
  parser.push(text);
  parser.end();
  return parser.result().files.length + (eventCount & 1);
}

function parseChunks(chunks: readonly string[], events = true): number {
  const parser = createArtifactParser({ onEvent: events ? countEvent : undefined });
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return parser.result().files.length + (eventCount & 1);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/**
 * Median time of each case, measured in interleaved rounds (case A, case B, ..., repeat) so
 * that the cases compared by a ratio share the same JIT, GC and CPU conditions.
 */
function timeInterleaved(runs: number, warmups: number, cases: Array<() => number>): number[] {
  let sink = 0;
  const samples = cases.map((): number[] => []);
  for (let round = 0; round < warmups + runs; round++) {
    cases.forEach((work, i) => {
      const start = performance.now();
      sink += work();
      if (round >= warmups) samples[i]?.push(performance.now() - start);
    });
  }
  if (sink < 0) console.log(sink); // keeps the work observable
  return samples.map(median);
}

function split(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  return chunks;
}

export default async function run(args: string[]): Promise<void> {
  const quick = args.includes('--quick');
  const runs = quick ? 5 : 15;
  const wholeRuns = quick ? 9 : 31;
  const one = makeAnswer(MB);
  const eight = makeAnswer(8 * MB);
  // The 1 MB cases together, then 8 MB whole against 1 MB whole; each chunk list lives only
  // while it is measured: half a million live chunk strings would slow every later GC.
  // The headline is the default parser, read when the stream ends — how the editor streams (it
  // reads the result per render); "with events" gives every push an event callback.
  let chunks = split(one, CHUNK_CHARS);
  const [whole1 = 0, chunked1 = 0, wholeEvents1 = 0, chunkedEvents1 = 0] = timeInterleaved(wholeRuns, 10, [
    () => parseWhole(one, false),
    () => parseChunks(chunks, false),
    () => parseWhole(one),
    () => parseChunks(chunks),
  ]);
  const [whole8 = 0] = timeInterleaved(Math.max(5, runs >> 1), 2, [() => parseWhole(eight, false)]);
  chunks = split(eight, CHUNK_CHARS);
  const [chunked8 = 0] = timeInterleaved(Math.max(3, runs >> 2), 1, [() => parseChunks(chunks, false)]);
  chunks = [];

  const mbPerS = (chars: number, ms: number) => chars / MB / (ms / 1000);
  const rows = [
    ['1 MB whole', whole1, mbPerS(one.length, whole1)],
    ['1 MB in 16-byte chunks', chunked1, mbPerS(one.length, chunked1)],
    ['1 MB whole, events', wholeEvents1, mbPerS(one.length, wholeEvents1)],
    ['1 MB chunks, events', chunkedEvents1, mbPerS(one.length, chunkedEvents1)],
    ['8 MB whole', whole8, mbPerS(eight.length, whole8)],
    ['8 MB in 16-byte chunks', chunked8, mbPerS(eight.length, chunked8)],
  ] as const;
  console.log('parser benchmark (median of runs)');
  console.log(`${'case'.padEnd(26)}${'ms'.padStart(10)}${'MB/s'.padStart(10)}`);
  for (const [name, ms, speed] of rows) {
    console.log(`${name.padEnd(26)}${ms.toFixed(2).padStart(10)}${speed.toFixed(1).padStart(10)}`);
  }

  const round = (value: number, digits: number) => Number(value.toFixed(digits));
  const result = {
    name: 'parser',
    mb_per_s: round(mbPerS(one.length, whole1), 1),
    chunked_ratio: round(chunked1 / whole1, 2),
    linear_ratio: round(whole8 / whole1, 2),
    mb_per_s_chunked: round(mbPerS(one.length, chunked1), 1),
    mb_per_s_8mb: round(mbPerS(eight.length, whole8), 1),
    chunked_linear_ratio: round(chunked8 / chunked1, 2),
    chunked_ratio_with_events: round(chunkedEvents1 / wholeEvents1, 2),
    runs,
  };
  console.log(`BENCH ${JSON.stringify(result)}`);
}
