/**
 * The guest book's UI files call the database in one of two styles (issue 22 item 2): through
 * `@supabase/supabase-js` in the browser (a Supabase project, Row Level Security), or through the
 * project's own `api/` handler (a plain PostgreSQL the browser cannot reach). The per-framework
 * components are written once, in the Supabase style; this turns one into the `api/` style by
 * replacing its two database calls with `fetch('/api/entries')`, so both share every other line.
 */

/** The guest book's routes, answered by `api/index.ts`. */
export const ENTRIES_ROUTE = '/api/entries';

function indentLines(indent: string, lines: string[]): string {
  return lines.map((line) => (line === '' ? line : indent + line)).join('\n');
}

const IMPORT = /^[ \t]*import \{ supabase \} from '[^']+';\n/m;
const LOAD =
  /^([ \t]*)const \{ data, error \} = await supabase\s*\.from\('guest_book'\)\s*\.select\([^)]*\)\s*\.order\([^;]*\);\n[ \t]*if \(error\) throw error;/m;
const INSERT =
  /^([ \t]*)const \{ error \} = await supabase\s*\.from\('guest_book'\)\s*\.insert\((\{[^;]*\})\);\n[ \t]*if \(error\) throw error;/m;
const UNREACHABLE_COMMENT = '// No project at that address, no network or no table yet: say so kindly.';

function replaceOnce(text: string, pattern: RegExp, replace: (...groups: string[]) => string): string {
  const match = pattern.exec(text);
  // The UI files changed shape: fail loudly rather than ship a component still on supabase-js.
  if (!match) throw new Error(`guest book component: no match for ${String(pattern)}`);
  return text.slice(0, match.index) + replace(...match) + text.slice(match.index + match[0].length);
}

/** A Supabase-style guest book component, rewritten to call the `api/` handler instead. */
export function withApiCalls(component: string): string {
  let text = replaceOnce(component, IMPORT, () => '');
  text = replaceOnce(text, LOAD, (_all, indent = '') =>
    indentLines(indent, [
      `const response = await fetch('${ENTRIES_ROUTE}');`,
      'if (!response.ok) throw new Error(`The guest book answered ${response.status}`);',
      'const data = (await response.json()) as Entry[];',
    ]),
  );
  text = replaceOnce(text, INSERT, (_all, indent = '', body = '{}') =>
    indentLines(indent, [
      `const response = await fetch('${ENTRIES_ROUTE}', {`,
      "  method: 'POST',",
      "  headers: { 'content-type': 'application/json' },",
      `  body: JSON.stringify(${body}),`,
      '});',
      'if (!response.ok) throw new Error(`The guest book answered ${response.status}`);',
    ]),
  );
  return text.replace(UNREACHABLE_COMMENT, '// The server or its database cannot be reached: say so kindly.');
}
