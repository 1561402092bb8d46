/**
 * A file whose content ends in a closing tag of the markup it was written in (`</file>`,
 * `</code>`): the model closed a wrapper Kiln's format does not have, and the tag became code
 * ('Unexpected token' at the file's last line). The closing tags alone on the file's last lines
 * are removed — only from a JavaScript/TypeScript file that does not parse with them and parses
 * without them, so a file that ends in its own markup (JSX) is never touched.
 */
import { parseScript, scriptLangOfFile } from './script-ast.ts';

const TRAILING_CLOSING_TAGS = /(?:\r?\n[ \t]*<\/[A-Za-z][\w:.-]*\s*>[ \t]*)+\s*$/;

export interface StrayClosingTags {
  content: string;
  /** The tags removed, in order (`</file>`). */
  tags: string[];
}

export function removeStrayClosingTags(name: string, content: string): StrayClosingTags | null {
  const lang = scriptLangOfFile(name);
  if (!lang) return null;
  const match = TRAILING_CLOSING_TAGS.exec(content);
  if (!match || parseScript(content, lang)) return null;
  const newline = /\r?\n$/.exec(content)?.[0] ?? '';
  const stripped = content.slice(0, match.index) + newline;
  if (!parseScript(stripped, lang)) return null;
  return { content: stripped, tags: match[0].match(/<\/[^>]+>/g)!.map((tag) => tag.replace(/\s+/g, '')) };
}
