import fs from 'node:fs/promises';
import path from 'node:path';
import type { Framework } from '../../core/frameworks/index.ts';
import type { SnapshotFile } from '../../core/artifact/index.ts';
import { REPO_ROOT } from '../paths.ts';

const SKIPPED = new Set(['node_modules', 'dist', '.angular', '.vite']);

async function walk(root: string, dir: string, out: SnapshotFile[]): Promise<void> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    if (SKIPPED.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await walk(root, full, out);
    else if (entry.isFile()) {
      out.push({
        name: path.relative(root, full).split(path.sep).join('/'),
        content: await fs.readFile(full, 'utf8'),
        isLocked: false,
      });
    }
  }
}

const cache = new Map<Framework, Promise<SnapshotFile[]>>();

/** The files of `templates/{framework}` (the blank 'Blank {Framework} App'), read once. */
export function loadBlankTemplate(framework: Framework): Promise<SnapshotFile[]> {
  let files = cache.get(framework);
  if (!files) {
    const root = path.join(REPO_ROOT, 'templates', framework);
    files = (async () => {
      const out: SnapshotFile[] = [];
      await walk(root, root, out);
      return out;
    })();
    cache.set(framework, files);
  }
  return files;
}
