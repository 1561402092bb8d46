/**
 * Where in the project an app server's error happened (issue 22 item 5): the first stack frame
 * whose path ends with one of the version's files. Paths differ by where the server ran (a kept
 * workspace, a handler's folder, a source map's relative path), the file's own name does not.
 */
export interface ErrorSource {
  file: string;
  line: number;
  column?: number;
}

const FRAME = /(?:\(|at\s+)(?:file:\/\/)?([^()\s]+?):(\d+)(?::(\d+))?\)?\s*$/;

export function errorSource(stack: string, projectFiles: Iterable<string>): ErrorSource | null {
  const files = [...projectFiles].sort((a, b) => b.length - a.length);
  for (const raw of stack.split('\n')) {
    const match = FRAME.exec(raw.trim());
    if (!match) continue;
    const where = match[1]!.replace(/\\/g, '/');
    if (where.includes('/node_modules/') || where.startsWith('node:')) continue;
    const file = files.find((name) => where === name || where.endsWith(`/${name}`));
    if (file) return { file, line: Number(match[2]), ...(match[3] ? { column: Number(match[3]) } : {}) };
  }
  return null;
}
