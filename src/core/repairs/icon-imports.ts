/**
 * Icon names the icon package does not export (issue 33 item 5): `import { ChartLine, Settingss }
 * from 'lucide-react'` fails the build ('No matching export … for import "Settingss"'). Each named
 * import the package lacks becomes the icon it most likely meant (closest-icon.ts) — or, for a
 * brand icon Lucide removed or never had, the plain icon of what the brand is for
 * (removed-brand-icons.ts, other-icon-names.ts), and for another icon set's name (`Spinner`) the
 * Lucide icon of that name (other-icon-names.ts) — in the same form (`SettingssIcon` →
 * `SettingsIcon`). A name with no close icon stays.
 *
 * In a JavaScript/TypeScript module the import and every use of the name are renamed (`<Settingss
 * />` → `<Settings />`). Where a use cannot be renamed in place — a component's template reads it
 * (`.vue`, `.svelte`), a shorthand property or an export names it, the file declares the name
 * elsewhere, or the new name is taken — the import keeps the file's name as its alias:
 * `import { Settings as Settingss }`. Only value imports from the package are read (`import type`
 * is erased by the build).
 */
import { closestIcon } from './closest-icon.ts';
import type { IconPackage } from './lucide-icons.ts';
import { missingBrandReplacement, otherSetReplacement } from './other-icon-names.ts';
import { brandReplacement } from './removed-brand-icons.ts';
import { isNode, nameOf, parseScript, walk, type AstNode } from './script-ast.ts';
import { declarationCounts, referencesTo } from './script-names.ts';
import { scriptBlocks } from './source-blocks.ts';
import { applyEdits, type TextEdit } from './text-edits.ts';

export interface IconReplacement {
  packageName: string;
  from: string;
  to: string;
  /** A brand icon the package removed or never had, replaced by a plain one; null for another name. */
  brand: 'removed' | 'missing' | null;
}

export interface IconImportsRepair {
  content: string;
  replacements: IconReplacement[];
}

/** The icon a package lacking `name` gives instead, in the same form; null when none is close. */
export function iconReplacement(
  name: string,
  pkg: IconPackage,
): { to: string; brand: IconReplacement['brand'] } | null {
  if (pkg.exports(name)) return null;
  let base = name;
  let form: (icon: string) => string = (icon) => icon;
  if (pkg.suffixForm && name.length > 4 && name.endsWith('Icon')) {
    base = name.slice(0, -4);
    form = (icon) => `${icon}Icon`;
  } else if (pkg.prefixForm && name.length > 6 && name.startsWith('Lucide')) {
    base = name.slice(6);
    form = (icon) => `Lucide${icon}`;
  }
  const known: [icon: string | null, brand: IconReplacement['brand']][] = [
    [brandReplacement(base), 'removed'],
    [missingBrandReplacement(base), 'missing'],
    [otherSetReplacement(base), null],
  ];
  for (const [icon, brand] of known) if (icon && pkg.exports(form(icon))) return { to: form(icon), brand };
  const closest = closestIcon(base, pkg);
  if (!closest) return null;
  const to = form(closest);
  return pkg.exports(to) ? { to, brand: null } : null;
}

/**
 * Replaces the unknown icons of one file. `packageFor` names the icon package an import source is
 * (null: not one whose exports Kiln knows, or not the version it knows). Null when nothing changes.
 */
export function replaceUnknownIcons(
  name: string,
  content: string,
  packageFor: (source: string) => IconPackage | null,
): IconImportsRepair | null {
  const blocks = scriptBlocks(name, content);
  // A component's template reads its script's names: those are never renamed, only aliased.
  const wholeFile = blocks.length === 1 && blocks[0]!.start === 0 && blocks[0]!.end === content.length;
  const edits: TextEdit[] = [];
  const replacements: IconReplacement[] = [];
  for (const block of blocks) {
    const code = content.slice(block.start, block.end);
    if (!mentionsIconPackage(code, packageFor)) continue;
    const program = parseScript(code, block.lang);
    if (!program) continue;
    const counts = declarationCounts(program);
    for (const statement of program.body as AstNode[]) {
      if (statement.type !== 'ImportDeclaration' || statement.importKind === 'type') continue;
      const source = nameOf(statement.source);
      const pkg = source === null ? null : packageFor(source);
      if (!pkg) continue;
      for (const specifier of statement.specifiers as AstNode[]) {
        if (specifier.type !== 'ImportSpecifier' || specifier.importKind === 'type') continue;
        const imported = nameOf(specifier.imported);
        const local = nameOf(specifier.local);
        if (imported === null || local === null || specifier.start == null || specifier.end == null) continue;
        const replacement = iconReplacement(imported, pkg);
        if (!replacement) continue;
        const { to } = replacement;
        replacements.push({ packageName: pkg.name, from: imported, to, ...{ brand: replacement.brand } });
        const offset = block.start;
        const aliased =
          local !== imported || !isNode(specifier.imported) || specifier.imported.type !== 'Identifier';
        if (aliased) {
          const importedNode = specifier.imported as AstNode;
          edits.push({ start: offset + importedNode.start!, end: offset + importedNode.end!, text: to });
          continue;
        }
        const uses = referencesTo(program, new Set([local]));
        const renamable =
          wholeFile &&
          counts.get(local) === 1 &&
          !counts.has(to) &&
          uses.every((use) => use.kind === 'plain') &&
          !usesOutsideCode(program, local);
        if (renamable) {
          edits.push({ start: offset + specifier.start, end: offset + specifier.end, text: to });
          for (const use of uses) edits.push({ start: offset + use.start, end: offset + use.end, text: to });
          counts.set(to, 1);
        } else {
          edits.push({
            start: offset + specifier.start,
            end: offset + specifier.end,
            text: `${to} as ${local}`,
          });
        }
      }
    }
  }
  if (edits.length === 0) return null;
  return { content: applyEdits(content, edits), replacements };
}

function mentionsIconPackage(code: string, packageFor: (source: string) => IconPackage | null): boolean {
  for (const match of code.matchAll(/from\s*['"]([^'"]+)['"]/g)) if (packageFor(match[1]!)) return true;
  return false;
}

/**
 * True when the name also appears where renaming cannot follow it: in a type position
 * (`typeof Settingss`) — rare for an icon, and then the alias keeps the file as it is.
 */
function usesOutsideCode(program: AstNode, name: string): boolean {
  let found = false;
  walk(program, (node) => {
    if (found) return false;
    if (node.type === 'TSTypeQuery' && nameOf(node.exprName) === name) found = true;
  });
  return found;
}
