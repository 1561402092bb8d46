/** The code view's file tree (spec §2 "File tree sidebar titled 'Files'"), built from paths. */

export interface FileTreeFile {
  type: 'file';
  name: string;
  path: string;
  isLocked: boolean;
}

export interface FileTreeFolder {
  type: 'folder';
  name: string;
  path: string;
  /** Spec §4 "File lock": a folder counts as locked only if every file in it is locked. */
  isLocked: boolean;
  children: FileTreeNode[];
}

export type FileTreeNode = FileTreeFile | FileTreeFolder;

interface Lockable {
  name: string;
  isLocked: boolean;
}

/** Folders first, then files, each alphabetically (code-unit order, so stable everywhere). */
export function buildFileTree(files: readonly Lockable[]): FileTreeNode[] {
  const root: FileTreeFolder = { type: 'folder', name: '', path: '', isLocked: false, children: [] };
  const folders = new Map<string, FileTreeFolder>([['', root]]);
  for (const file of files) {
    const segments = file.name.split('/');
    let parent = root;
    for (let depth = 0; depth < segments.length - 1; depth++) {
      const path = segments.slice(0, depth + 1).join('/');
      let folder = folders.get(path);
      if (folder === undefined) {
        folder = { type: 'folder', name: segments[depth] ?? '', path, isLocked: false, children: [] };
        folders.set(path, folder);
        parent.children.push(folder);
      }
      parent = folder;
    }
    parent.children.push({
      type: 'file',
      name: segments.at(-1) ?? file.name,
      path: file.name,
      isLocked: file.isLocked,
    });
  }
  settle(root);
  return root.children;
}

/** Sorts children and computes folder locks bottom-up; returns [fileCount, lockedCount]. */
function settle(folder: FileTreeFolder): [number, number] {
  folder.children.sort((a, b) =>
    a.type !== b.type ? (a.type === 'folder' ? -1 : 1) : a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  let total = 0;
  let locked = 0;
  for (const child of folder.children) {
    if (child.type === 'file') {
      total++;
      if (child.isLocked) locked++;
    } else {
      const [childTotal, childLocked] = settle(child);
      total += childTotal;
      locked += childLocked;
    }
  }
  folder.isLocked = total > 0 && locked === total;
  return [total, locked];
}
