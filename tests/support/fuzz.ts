/**
 * How many cases a property test runs (issue 21 item 5). `npm test` runs each property's own
 * small count, so the suite stays within the CI budget; `npm run fuzz` sets KILN_FUZZ_RUNS and
 * every property runs that many instead (never fewer than its own count).
 */
export function fuzzRuns(base: number): number {
  const wanted = Number(process.env.KILN_FUZZ_RUNS);
  return Number.isSafeInteger(wanted) && wanted > base ? wanted : base;
}
