/**
 * Packages an answer declares in its prose (issue 33 item 1): `npm install X`, `npm i X`,
 * `pnpm add X`, `yarn add X`, `bun add X`, with their version when written (`X@1.2`). Only
 * commands written as commands count — in a code span, a fenced block, or a line of their own —
 * so a sentence ("npm install the packages and run it") names nothing. Global installs
 * (`-g`) are tools of the reader's machine, not packages of the project.
 */
import semver from 'semver';
import { packageNameOf } from '../build-log/missing-packages.ts';

export interface ProseDeclaration {
  name: string;
  /** The version or range written after `@`, when it is one (`latest` and other tags are not). */
  range?: string;
}

const COMMAND =
  /(?:^|&&|;|\|\||\(|\bsudo\s)\s*(?:npx\s+)?(npm|pnpm|yarn|bun)\s+(install|isntall|i|in|add)\b([^\n]*?)(?=&&|;|\|\||#|\)|$)/g;
const VERBS: Record<string, ReadonlySet<string>> = {
  npm: new Set(['install', 'isntall', 'i', 'in', 'add']),
  pnpm: new Set(['install', 'i', 'add']),
  yarn: new Set(['add']),
  bun: new Set(['install', 'i', 'add']),
};
const GLOBAL = /^(?:-g|--global|--location=global)$/;

/** The packages the prose's install commands name, in order, each once (the first mention wins). */
export function installCommandPackages(prose: string): ProseDeclaration[] {
  const found = new Map<string, ProseDeclaration>();
  for (const command of commandTexts(prose)) {
    for (const match of command.matchAll(COMMAND)) {
      if (!VERBS[match[1]!]!.has(match[2]!)) continue;
      const words = match[3]!.trim().split(/\s+/).filter(Boolean).map(unquote);
      if (words.some((word) => GLOBAL.test(word))) continue;
      for (const word of words) {
        if (word.startsWith('-')) continue;
        const declaration = parseDeclaration(word);
        if (declaration && !found.has(declaration.name)) found.set(declaration.name, declaration);
      }
    }
  }
  return [...found.values()];
}

/** The places a command may be written: code spans, lines of fenced blocks, lines of their own. */
function commandTexts(prose: string): string[] {
  const texts: string[] = [];
  const fence = /^[ \t]*(```|~~~)[^\n]*\n([\s\S]*?)^[ \t]*\1[ \t]*$/gm;
  const outside = prose.replace(fence, (_whole, _marker, body: string) => {
    for (const line of body.split('\n')) texts.push(withoutPrompt(line));
    return '\n';
  });
  for (const span of outside.matchAll(/(`+)([^`\n]+?)\1/g)) texts.push(withoutPrompt(span[2]!));
  for (const line of outside.split('\n')) {
    const bare = withoutPrompt(line.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, ''));
    if (/^(?:npx\s+)?(?:npm|pnpm|yarn|bun)\s/.test(bare)) texts.push(bare.replace(/`/g, ''));
  }
  return texts;
}

/** A shell line without its prompt (`$ `, `> `). */
function withoutPrompt(line: string): string {
  return line.trim().replace(/^(?:\$|>|%)\s+/, '');
}

function unquote(word: string): string {
  return word.replace(/^['"`]+|['"`,.:]+$/g, '');
}

/** `axios`, `axios@1.7.9`, `@scope/pkg@^2` → name and range; null for paths, URLs, git specs. */
function parseDeclaration(word: string): ProseDeclaration | null {
  const at = word.indexOf('@', word.startsWith('@') ? 1 : 0);
  const name = at === -1 ? word : word.slice(0, at);
  const version = at === -1 ? '' : word.slice(at + 1);
  if (packageNameOf(name) !== name || /[A-Z]/.test(name)) return null;
  const range = version !== '' && semver.validRange(version) !== null ? version : undefined;
  return range === undefined ? { name } : { name, range };
}
