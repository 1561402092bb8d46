/**
 * The packages a project uses but its package.json does not declare (issue 33 item 1): every
 * package its source files import, and every package the answer's prose installs (`npm install
 * axios`), minus what package.json declares. Run on the completed project (the snapshot merged
 * with its framework's blank template), so the template's own packages count as declared.
 * Files that are not part of the build are not read: tests, lint and test-runner configs,
 * `public/` (served as is), Supabase's Deno functions.
 */
import type { Framework } from '../frameworks/index.ts';
import { importAliases } from './aliases.ts';
import { declaredPackages } from './declared.ts';
import { importsOfFile } from './file-imports.ts';
import { implicitPackages } from './implicit.ts';
import { installCommandPackages } from './install-commands.ts';
import { packageOfSpecifier, type ProjectModules } from './package-of.ts';

export interface MissingPackage {
  name: string;
  /** The version or range the answer's prose gave it (`npm install axios@1.7`). */
  range?: string;
  /** The first file importing it; absent when only the prose or the framework's build names it. */
  importedBy?: string;
}

export interface ProjectSources {
  files: readonly { name: string; content: string; binary?: unknown }[];
  framework: Framework;
  /** Node's built-in modules (`module.builtinModules`). */
  builtins: Iterable<string>;
  /** The answer's text outside its files (install commands count as declarations). */
  prose?: string;
}

const NOT_BUILT = [
  /(?:^|\/)node_modules\//,
  /^(?:dist|public|supabase|coverage|e2e|cypress)\//,
  /(?:^|\/)__tests__\//,
  /\.(?:test|spec|stories|cy)\.[cm]?[jt]sx?$/,
  /(?:^|\/)(?:setupTests|test-setup|vitest\.setup|jest\.setup)\.[cm]?[jt]sx?$/,
  /(?:^|\/)(?:jest|vitest|playwright|cypress|karma|eslint|prettier|stylelint|commitlint|lint-staged)\.config\.[\w.]+$/,
  /(?:^|\/)\.(?:eslintrc|prettierrc|stylelintrc)(?:\.[\w]+)?$/,
];

/** The preprocessors a framework's build brings itself (Angular's CLI ships sass and less). */
const BUNDLED_PREPROCESSORS: Partial<Record<Framework, ReadonlySet<string>>> = {
  angular: new Set(['sass', 'less']),
};

/** Packages that stand in for another (a project with sass-embedded needs no sass). */
const ALTERNATIVES: Record<string, readonly string[]> = { sass: ['sass-embedded'] };

export function missingPackages(project: ProjectSources): MissingPackage[] {
  const packageJson = project.files.find((file) => file.name === 'package.json');
  const declared = packageJson ? declaredPackages(packageJson.content) : new Map<string, string>();
  // A package.json that does not parse cannot be added to: nothing is missing that Kiln could add.
  if (declared === null) return [];
  const isDeclared = (name: string) =>
    declared.has(name) || (ALTERNATIVES[name] ?? []).some((other) => declared.has(other));
  const sources = project.files.filter(
    (file) => file.binary === undefined && !NOT_BUILT.some((rule) => rule.test(file.name)),
  );
  const modules: ProjectModules = {
    builtins: new Set(project.builtins),
    aliases: importAliases(project.files),
    files: new Set(project.files.map((file) => file.name)),
    rootFolders: new Set(
      project.files.filter((file) => file.name.includes('/')).map((file) => file.name.split('/')[0]!),
    ),
  };
  const missing = new Map<string, MissingPackage>();
  const bundled = BUNDLED_PREPROCESSORS[project.framework] ?? new Set<string>();
  for (const file of sources) {
    const { imports, preprocessors } = importsOfFile(file.name, file.content);
    for (const { specifier, kind } of imports) {
      const name = packageOfSpecifier(specifier, { file: file.name, kind }, modules);
      if (name !== null && !isDeclared(name) && !missing.has(name))
        missing.set(name, { name, importedBy: file.name });
    }
    for (const name of preprocessors) {
      if (!bundled.has(name) && !isDeclared(name) && !missing.has(name))
        missing.set(name, { name, importedBy: file.name });
    }
  }
  // What the framework's build imports on the project's behalf (React Router's default server entry).
  const names = project.files.map((file) => file.name);
  for (const name of implicitPackages(names, new Set(declared.keys()))) {
    if (!isDeclared(name) && !missing.has(name)) missing.set(name, { name });
  }
  for (const declaration of installCommandPackages(project.prose ?? '')) {
    if (isDeclared(declaration.name) || modules.builtins.has(declaration.name)) continue;
    const imported = missing.get(declaration.name);
    missing.set(declaration.name, { ...imported, ...declaration });
  }
  return [...missing.values()];
}
