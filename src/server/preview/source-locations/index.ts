import type { ProjectFile } from '../content-hash.ts';
import { addJsxLocations } from './jsx.ts';

export { addHtmlLocations } from './html.ts';
export { LOCATION_ATTRIBUTE } from './location.ts';

/** Bumped when the marking changes, so preview outputs built with an older one are rebuilt. */
export const SOURCE_LOCATIONS_REVISION = '1';

/** The transform of one source file, by its name; null: the file is left as it is. */
function transformOf(name: string): ((code: string, file: string) => string | null) | null {
  if (/\.(jsx|tsx)$/i.test(name)) return addJsxLocations;
  return null;
}

/**
 * The project as a preview build sees it (issue 17 item 2): its elements marked with their
 * source locations for the editor's Select tool. Applied to the build workspace's copy only —
 * the snapshot, the zip, the push and a deployment's build never see these files.
 */
export function withSourceLocations(files: readonly ProjectFile[]): ProjectFile[] {
  return files.map((file) => {
    if (file.bytes || file.blob || file.name.includes('node_modules/')) return file;
    const transform = transformOf(file.name);
    const content = transform?.(file.content, file.name) ?? null;
    return content === null ? file : { ...file, content };
  });
}
