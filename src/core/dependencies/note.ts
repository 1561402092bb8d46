/**
 * The sentence the chat shows when Kiln added packages (issue 33 item 1), in the style of the
 * other notes finishing a version: 'Kiln added lucide-react 0.475.0 and axios 1.7.9 to
 * package.json.'
 */
import type { AddedPackage } from './package-json-edit.ts';

export function addedPackagesNote(added: readonly AddedPackage[]): string | null {
  if (added.length === 0) return null;
  const named = added.map(({ name, version }) => `${name} ${version}`);
  const list = named.length === 1 ? named[0]! : `${named.slice(0, -1).join(', ')} and ${named.at(-1)!}`;
  return `Kiln added ${list} to package.json.`;
}
