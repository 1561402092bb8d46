/**
 * What Kiln fixes in a finished version before it is stored and built (issue 33), each fix
 * named in the chat by a note: the model's small slips repaired without a model (core
 * `repairs/`: a script's leaked closing tag, Svelte 5 components the compiler refuses, Vue APIs
 * used without their import, a relative import's case or extension, an icon name the icon package
 * lacks), then the packages the code imports (or the answer's prose
 * installs) but package.json does not declare added to it, with versions chosen by rule
 * (decision 0056).
 * Locked files are never changed. A fix that throws leaves the project as it was: finishing the
 * version matters more than fixing it.
 */
import { builtinModules } from 'node:module';
import { parseArtifactText, type Snapshot, type SnapshotFile } from '../../core/artifact/index.ts';
import {
  addedPackagesNote,
  declaredPackages,
  missingPackages,
  withAddedDependencies,
} from '../../core/dependencies/index.ts';
import type { Framework } from '../../core/frameworks/index.ts';
import { repairProject } from '../../core/repairs/index.ts';
import { completeWithTemplate } from '../../core/snapshot/index.ts';
import { mapTailwind3 } from '../../core/tailwind/index.ts';
import type { DependencyResolver } from '../dependencies/index.ts';

export type TemplateFile = Pick<SnapshotFile, 'name' | 'content'>;

export interface ProjectFixDeps {
  /** Versions for missing packages (src/server/dependencies). */
  dependencies: DependencyResolver;
  /** The framework's blank template (templates/{framework}). */
  templateFiles: (framework: Framework) => Promise<readonly TemplateFile[]>;
  log?: (message: string) => void;
}

export interface ProjectFixInput {
  snapshot: Snapshot;
  framework: Framework;
  /** The model's whole answer (its prose may declare packages). */
  answerText: string;
}

export interface ProjectFixResult {
  snapshot: Snapshot;
  /** Sentences for the chat, one per fix that changed something. */
  notes: string[];
}

interface FixContext extends ProjectFixInput {
  template: readonly TemplateFile[];
  deps: ProjectFixDeps;
}

type ProjectFix = (context: FixContext) => Promise<ProjectFixResult>;

/** In order: each fix sees the project as the ones before it left it. */
const FIXES: readonly [name: string, fix: ProjectFix][] = [
  ['repairs', repairSlips],
  // Before the dependencies: a PostCSS config it removes no longer asks for autoprefixer.
  ['tailwind', fitTailwind4],
  ['dependencies', addMissingDependencies],
];

/** Repairs that need no model (core `repairProject`); locked and binary files are left alone. */
async function repairSlips(context: FixContext): Promise<ProjectFixResult> {
  const { files, repairs } = repairProject(context.snapshot.files, {
    framework: context.framework,
    templateFiles: context.template,
  });
  if (repairs.length === 0) return { snapshot: context.snapshot, notes: [] };
  return {
    snapshot: { title: context.snapshot.title, files },
    notes: repairs.map((repair) => repair.description),
  };
}

/**
 * An answer's Tailwind 3 setup fitted to the Tailwind 4 the completed project installs (core
 * `mapTailwind3`). The rule reads the project as it will be built (completed with its template);
 * a template file it changes — the stylesheet that gets `@config` — is written into the version.
 */
async function fitTailwind4(context: FixContext): Promise<ProjectFixResult> {
  const { snapshot, template } = context;
  const own = new Map(snapshot.files.map((file) => [file.name, file]));
  const completed = completeWithTemplate(snapshot, template).files.filter((file) => !file.binary);
  const mapping = mapTailwind3(completed, {
    templateFiles: new Set(completed.map((file) => file.name).filter((name) => !own.has(name))),
    ownPackageJson: own.get('package.json')?.content,
  });
  if (mapping.files.length === 0) return { snapshot, notes: [] };
  const written = new Map(mapping.files.map((file) => [file.name, file.content]));
  const files: SnapshotFile[] = [];
  for (const file of snapshot.files) {
    if (!written.has(file.name)) files.push(file);
    else if (written.get(file.name) !== null) files.push({ ...file, content: written.get(file.name)! });
  }
  for (const [name, content] of written) {
    if (!own.has(name) && content !== null) files.push({ name, content, isLocked: false });
  }
  return { snapshot: { title: snapshot.title, files }, notes: mapping.notes };
}

export async function fixProject(input: ProjectFixInput, deps: ProjectFixDeps): Promise<ProjectFixResult> {
  // An HTML version is served as written: nothing is installed or built.
  if (input.framework === 'html') return { snapshot: input.snapshot, notes: [] };
  const template = await deps.templateFiles(input.framework);
  let snapshot = input.snapshot;
  const notes: string[] = [];
  for (const [name, fix] of FIXES) {
    try {
      const result = await fix({ ...input, snapshot, template, deps });
      snapshot = result.snapshot;
      for (const note of result.notes) notes.push(note);
    } catch (error) {
      deps.log?.(`project fix '${name}' failed; the version is kept as it was: ${String(error)}`);
    }
  }
  return { snapshot, notes };
}

/**
 * Adds what the completed project imports but does not declare to package.json; a project
 * without one gets the template's plus the additions, so the stored files (zip, GitHub push)
 * build outside Kiln too.
 */
async function addMissingDependencies(context: FixContext): Promise<ProjectFixResult> {
  const { snapshot, template } = context;
  const unchanged = { snapshot, notes: [] };
  const own = snapshot.files.find((file) => file.name === 'package.json');
  if (own?.isLocked || own?.binary) return unchanged;
  const completed = completeWithTemplate(snapshot, template);
  const packageJson = completed.files.find((file) => file.name === 'package.json');
  if (!packageJson) return unchanged;
  const declared = declaredPackages(packageJson.content);
  if (declared === null) return unchanged;
  const missing = missingPackages({
    files: completed.files,
    framework: context.framework,
    builtins: builtinModules,
    prose: proseOf(context.answerText),
  });
  if (missing.length === 0) return unchanged;
  const added = await context.deps.dependencies.choose(missing, declared);
  // The project's own package.json gets only the additions (the completion merges the template's
  // toolchain into it again wherever it is built); without one, the template's is written.
  const base = own ? own.content : packageJson.content;
  const content = added.length > 0 ? withAddedDependencies(base, added) : null;
  if (content === null) return unchanged;
  const written: SnapshotFile = { name: 'package.json', content, isLocked: false };
  const files = own
    ? snapshot.files.map((file) => (file === own ? written : file))
    : [...snapshot.files, written];
  return {
    snapshot: keepCompletion({ title: snapshot.title, files }, completed, template),
    notes: [addedPackagesNote(added)!],
  };
}

/**
 * The fixed snapshot, completed, must still hold every file the unfixed one did: a package.json
 * written where there was none must not make the completeness rule skip template files the
 * project relied on (its index.html, its entry). Any such file is written into the snapshot.
 */
function keepCompletion(fixed: Snapshot, before: Snapshot, template: readonly TemplateFile[]): Snapshot {
  const after = new Set(completeWithTemplate(fixed, template).files.map((file) => file.name));
  const lost = before.files.filter((file) => !after.has(file.name));
  if (lost.length === 0) return fixed;
  return {
    title: fixed.title,
    files: [...fixed.files, ...lost.map((file) => ({ ...file, isLocked: false }))],
  };
}

/** The answer's text outside its files and thinking: where it tells the reader what to run. */
function proseOf(answerText: string): string {
  return parseArtifactText(answerText)
    .segments.filter((segment) => segment.type === 'text')
    .map((segment) => segment.content)
    .join('\n');
}
