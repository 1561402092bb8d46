import type { Framework } from '../../../core/frameworks/index.ts';
import type { ProjectFile } from '../content-hash.ts';
import { addAngularInlineLocations, addAngularTemplateLocations } from './angular.ts';
import { addJsxLocations } from './jsx.ts';
import { addSvelteLocations } from './svelte.ts';
import { addVueLocations } from './vue.ts';

export { addHtmlLocations } from './html.ts';
export { LOCATION_ATTRIBUTE } from './location.ts';

/** Bumped when the marking changes, so preview outputs built with an older one are rebuilt. */
export const SOURCE_LOCATIONS_REVISION = '2';

type Transform = (code: string, file: string) => string | null;

/** The transform of one source file, by its name and the project's framework; null: none. */
function transformOf(name: string, framework: Framework | undefined): Transform | null {
  // A name that could end a string or template it is written into is not worth the risk.
  if (!/^[\w./@+\-()[\] ]+$/.test(name)) return null;
  if (/\.(jsx|tsx)$/i.test(name)) return addJsxLocations;
  if (/\.vue$/i.test(name)) return addVueLocations;
  if (/\.svelte$/i.test(name)) return addSvelteLocations;
  if (framework === 'angular' && name.startsWith('src/') && name !== 'src/index.html') {
    if (/\.html$/i.test(name)) return addAngularTemplateLocations;
    if (/\.ts$/i.test(name) && !name.endsWith('.spec.ts')) {
      return (code, file) => (code.includes('@Component') ? addAngularInlineLocations(code, file) : null);
    }
  }
  return null;
}

/**
 * The project as a preview build sees it (issue 17 item 2): its elements marked with their
 * source locations for the editor's Select tool. Applied to the build workspace's copy only —
 * the snapshot, the zip, the push and a deployment's build never see these files.
 */
export function withSourceLocations(files: readonly ProjectFile[], framework?: Framework): ProjectFile[] {
  return files.map((file) => {
    if (file.bytes || file.blob || file.name.includes('node_modules/')) return file;
    const transform = transformOf(file.name, framework);
    const content = transform?.(file.content, file.name) ?? null;
    return content === null ? file : { ...file, content };
  });
}
