import type { Framework } from '../../../core/frameworks/index.ts';
import type { ProjectFile } from '../content-hash.ts';

export { addHtmlLocations } from './html.ts';
export { LOCATION_ATTRIBUTE } from './location.ts';

/** Bumped when the marking changes, so preview outputs built with an older one are rebuilt. */
export const SOURCE_LOCATIONS_REVISION = '2';

type Transform = (code: string, file: string) => string | null;

/**
 * Each framework's parser is loaded with the first build that needs it (Babel, Svelte's and
 * Angular's compilers weigh ~15–30 MB each): a web process, or an idle one, never holds them.
 */
const TRANSFORMS = {
  jsx: () => import('./jsx.ts').then((module) => module.addJsxLocations),
  vue: () => import('./vue.ts').then((module) => module.addVueLocations),
  svelte: () => import('./svelte.ts').then((module) => module.addSvelteLocations),
  'angular-template': () => import('./angular.ts').then((module) => module.addAngularTemplateLocations),
  'angular-inline': () =>
    import('./angular.ts').then(
      (module): Transform =>
        (code, file) =>
          code.includes('@Component') ? module.addAngularInlineLocations(code, file) : null,
    ),
} satisfies Record<string, () => Promise<Transform>>;

type TransformKind = keyof typeof TRANSFORMS;

/** Which transform a source file takes, by its name and the project's framework; null: none. */
function transformOf(name: string, framework: Framework | undefined): TransformKind | null {
  // A name that could end a string or template it is written into is not worth the risk.
  if (!/^[\w./@+\-()[\] ]+$/.test(name)) return null;
  if (/\.(jsx|tsx)$/i.test(name)) return 'jsx';
  if (/\.vue$/i.test(name)) return 'vue';
  if (/\.svelte$/i.test(name)) return 'svelte';
  if (framework === 'angular' && name.startsWith('src/') && name !== 'src/index.html') {
    if (/\.html$/i.test(name)) return 'angular-template';
    if (/\.ts$/i.test(name) && !name.endsWith('.spec.ts')) return 'angular-inline';
  }
  return null;
}

/**
 * The project as a preview build sees it (issue 17 item 2): its elements marked with their
 * source locations for the editor's Select tool. Applied to the build workspace's copy only —
 * the snapshot, the zip, the push and a deployment's build never see these files.
 */
export async function withSourceLocations(
  files: readonly ProjectFile[],
  framework?: Framework,
): Promise<ProjectFile[]> {
  const loaded = new Map<TransformKind, Transform>();
  const marked: ProjectFile[] = [];
  for (const file of files) {
    const kind =
      file.bytes || file.blob || file.name.includes('node_modules/')
        ? null
        : transformOf(file.name, framework);
    if (!kind) {
      marked.push(file);
      continue;
    }
    let transform = loaded.get(kind);
    if (!transform) loaded.set(kind, (transform = await TRANSFORMS[kind]()));
    const content = transform(file.content, file.name);
    marked.push(content === null ? file : { ...file, content });
  }
  return marked;
}
