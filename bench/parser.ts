/**
 * Parser benchmark (issue 3): MB/s of the streaming artifact parser on realistic model output,
 * whole and in 16-byte chunks, at 1 MB and 8 MB. Prints a table of medians, then as its final
 * line `BENCH {"name":"parser",...}`. Targets: ≥ 50 MB/s whole, chunked_ratio ≤ 2, linear_ratio ≤ ~9.
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

function parseWhole(text: string, events = true): number {
  const parser = createArtifactParser({ events });
  parser.push(text);
  parser.end();
  return parser.result().files.length;
}

function parseChunks(chunks: readonly string[], events = true): number {
  const parser = createArtifactParser({ events });
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return parser.result().files.length;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function time(runs: number, warmups: number, work: () => number): number {
  let sink = 0;
  for (let i = 0; i < warmups; i++) sink += work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    sink += work();
    samples.push(performance.now() - start);
  }
  if (sink < 0) console.log(sink); // keeps the work observable
  return median(samples);
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
  // Whole-text cases first, and each chunk list only while it is measured: half a million
  // live chunk strings would otherwise slow every later garbage collection.
  const whole1 = time(wholeRuns, 5, () => parseWhole(one));
  const whole8 = time(Math.max(5, runs >> 1), 2, () => parseWhole(eight));
  let chunks = split(one, CHUNK_CHARS);
  const chunked1 = time(runs, 3, () => parseChunks(chunks));
  // How the editor streams: it reads the parsed result on each render, so it asks for no events.
  const wholeQuiet1 = time(wholeRuns, 5, () => parseWhole(one, false));
  const chunkedQuiet1 = time(runs, 3, () => parseChunks(chunks, false));
  chunks = split(eight, CHUNK_CHARS);
  const chunked8 = time(Math.max(3, runs >> 2), 1, () => parseChunks(chunks));
  chunks = [];

  const mbPerS = (chars: number, ms: number) => chars / MB / (ms / 1000);
  const rows = [
    ['1 MB whole', whole1, mbPerS(one.length, whole1)],
    ['1 MB in 16-byte chunks', chunked1, mbPerS(one.length, chunked1)],
    ['1 MB whole, no events', wholeQuiet1, mbPerS(one.length, wholeQuiet1)],
    ['1 MB chunks, no events', chunkedQuiet1, mbPerS(one.length, chunkedQuiet1)],
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
    chunked_ratio_without_events: round(chunkedQuiet1 / wholeQuiet1, 2),
    runs,
  };
  console.log(`BENCH ${JSON.stringify(result)}`);
}
