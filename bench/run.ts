/**
 * `npm run bench -- <name>...` runs bench/<name>.ts (each exports a default `run(args)` that
 * prints a table of medians and a final `BENCH {...}` line); with no name, every benchmark.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type Bench = { default: (args: string[]) => Promise<void> };

const here = path.dirname(fileURLToPath(import.meta.url));
const available = fs
  .readdirSync(here)
  .filter((file) => file.endsWith('.ts') && file !== 'run.ts' && !file.includes('.test.'))
  .map((file) => file.replace(/\.ts$/, ''))
  .sort();

const args = process.argv.slice(2);
const names = args.filter((arg) => !arg.startsWith('-'));
const options = args.filter((arg) => arg.startsWith('-'));
const selected = names.length > 0 ? names : available;

for (const name of selected) {
  if (!available.includes(name)) {
    console.error(`Unknown benchmark "${name}". Available: ${available.join(', ') || 'none'}`);
    process.exit(1);
  }
  const bench = (await import(path.join(here, `${name}.ts`))) as Bench;
  console.log(`\n== bench: ${name} ==`);
  await bench.default(options);
}
