/**
 * A commit built without a work tree: one `git fast-import` stream holding every file inline, so
 * a whole snapshot (hundreds of files) is one process and one pack, whatever its folders.
 */
import { GitError } from './git-errors.ts';

export interface TreeFile {
  /** With '/', no leading slash. */
  path: string;
  bytes: Uint8Array;
  executable?: boolean;
}

export interface CommitInput {
  files: TreeFile[];
  message: string;
  author: { name: string; email: string };
  /** The parent commit, or null for a root commit. */
  parent: string | null;
  date?: Date;
}

/** The scratch ref fast-import writes; the commit's sha is what callers keep. */
export const SCRATCH_REF = 'refs/kiln/commit';

/**
 * Refuses what cannot be a file of a git tree (or should not be one anywhere): empty, absolute
 * or `..` paths, `.git` folders, control characters, duplicates, and a path that is both a file
 * and a folder.
 */
export function checkTreePaths(files: TreeFile[]): void {
  const seen = new Set<string>();
  for (const { path } of files) {
    const parts = path.split('/');
    const bad =
      path.length === 0 ||
      path.length > 4096 ||
      hasControlCharacter(path) ||
      parts.some((part) => part === '' || part === '.' || part === '..' || part.toLowerCase() === '.git');
    if (bad) throw new GitError('failed', `Invalid file path for a commit: ${JSON.stringify(path)}`);
    if (seen.has(path)) throw new GitError('failed', `The same file is given twice: ${JSON.stringify(path)}`);
    seen.add(path);
  }
  for (const path of seen) {
    const parts = path.split('/');
    for (let i = 1; i < parts.length; i++) {
      const folder = parts.slice(0, i).join('/');
      if (seen.has(folder)) {
        throw new GitError('failed', `${JSON.stringify(folder)} is both a file and a folder`);
      }
    }
  }
}

/** The fast-import stream: a root commit (or one on `parent`) whose tree is exactly `files`. */
export function fastImportStream(input: CommitInput): Buffer {
  const seconds = Math.floor((input.date ?? new Date()).getTime() / 1000);
  const person = `${personName(input.author.name)} <${personEmail(input.author.email)}> ${seconds} +0000`;
  const message = input.message.endsWith('\n') ? input.message : `${input.message}\n`;
  const parts: Buffer[] = [];
  const text = (value: string) => parts.push(Buffer.from(value, 'utf8'));
  const data = (bytes: Uint8Array) => {
    text(`data ${bytes.byteLength}\n`);
    parts.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    text('\n');
  };
  // `reset` first: otherwise a commit without `from` would continue the scratch ref's last commit.
  text(`reset ${SCRATCH_REF}\n`);
  text(`commit ${SCRATCH_REF}\nmark :1\nauthor ${person}\ncommitter ${person}\n`);
  data(Buffer.from(message, 'utf8'));
  if (input.parent) text(`from ${input.parent}\n`);
  text('deleteall\n');
  for (const file of input.files) {
    text(`M ${file.executable ? '100755' : '100644'} inline ${quotePath(file.path)}\n`);
    data(file.bytes);
  }
  text('\nget-mark :1\ndone\n');
  return Buffer.concat(parts);
}

/** fast-import's C-style quoting, so any path (a leading quote, a space, non-ASCII) is read as is. */
function quotePath(path: string): string {
  return `"${path.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

// An identity line cannot hold '<', '>' or a line break.
function personName(name: string): string {
  return name.replace(/[<>\r\n]/g, '').trim() || 'Kiln';
}

function personEmail(email: string): string {
  return email.replace(/[<>\s]/g, '') || 'kiln@localhost';
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
