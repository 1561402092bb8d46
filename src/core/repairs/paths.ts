/**
 * Project paths as snapshots name them: '/'-separated, relative to the project's root, no leading
 * './'. Pure string work (core reads no file system).
 */

/** The folder of a path: 'src/components/Header.tsx' → 'src/components', 'main.ts' → ''. */
export function dirName(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

/** The last segment of a path. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The extension of a path's last segment, with its dot ('' when there is none): '.tsx'. */
export function extName(path: string): string {
  const base = baseName(path);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot);
}

/**
 * A relative specifier ('./x', '../y/z') joined to a folder, '.' and '..' resolved. Null when it
 * climbs above the project's root.
 */
export function joinPath(dir: string, relative: string): string | null {
  const segments = dir === '' ? [] : dir.split('/');
  for (const segment of relative.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return null;
      segments.pop();
    } else {
      segments.push(segment);
    }
  }
  return segments.join('/');
}

/** True for a specifier a bundler resolves against the importing file: './…' or '../…'. */
export function isRelativeSpecifier(specifier: string): boolean {
  return specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..';
}
