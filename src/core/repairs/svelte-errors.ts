/**
 * Svelte 5 components the compiler refuses, repaired by rule (issue 33 item 5): Svelte's own
 * compiler names the error (its code and place), the fixer for that code rewrites only what the
 * error names (svelte-rune-fixes.ts, svelte-markup-fixes.ts), and the component is compiled
 * again — error after error, a few at most. Only a component that then compiles is kept: a fix
 * the compiler cannot confirm is never applied, and the build reports the model's error as it is
 * (a model round can fix it).
 */
import { duplicateOptions, snippetInScript } from './svelte-markup-fixes.ts';
import { svelteCompileError } from './svelte-compile.ts';
import {
  derivedWithCallback,
  inspectTraceNotFirst,
  propsWithDefaults,
  runeWrittenAsKeyword,
  stateDeclaredConst,
  type SvelteFixer,
} from './svelte-rune-fixes.ts';

/** In order: the first fixer that can fix the error decides. */
const FIXERS: readonly SvelteFixer[] = [
  runeWrittenAsKeyword,
  snippetInScript,
  derivedWithCallback,
  stateDeclaredConst,
  propsWithDefaults,
  inspectTraceNotFirst,
  duplicateOptions,
];

/** A component with more slips than this is the model's to fix. */
const MAX_FIXES = 5;

export interface SvelteRepair {
  content: string;
  /** The chat's sentence for each fix ('Kiln rewrote … as … in src/App.svelte.'). */
  sentences: string[];
}

/** The component repaired so that it compiles, or null (it compiles already, or no rule could). */
export function repairSvelteErrors(name: string, content: string): SvelteRepair | null {
  let current = content;
  const sentences: string[] = [];
  for (let round = 0; round <= MAX_FIXES; round += 1) {
    const error = svelteCompileError(current, name);
    if (!error) return sentences.length > 0 ? { content: current, sentences } : null;
    if (round === MAX_FIXES) return null;
    let fixed = null;
    for (const fixer of FIXERS) {
      fixed = fixer(current, error);
      if (fixed) break;
    }
    if (!fixed || fixed.content === current) return null;
    current = fixed.content;
    sentences.push(fixed.sentence(name));
  }
  return null;
}
