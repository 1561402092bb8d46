import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { globFiles, parseCircular, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';

const SRC = path.dirname(fileURLToPath(import.meta.url));
/** The demo catalogue's component text (generated code the demo model answers with), not modules. */
const DATA_FILES = /server\/ai\/demo\/catalogue\/data\//;

/**
 * Every import circle among the files under `root`, as `a.ts -> b.ts -> a.ts` lines. Type-only
 * and lazy imports count too: a circle of types still ties two capabilities into one.
 */
async function importCycles(root: string): Promise<string[]> {
  const entries = [...(await globFiles('**/*.ts', root)), ...(await globFiles('**/*.tsx', root))]
    .filter((file) => !DATA_FILES.test(file))
    .map((file) => path.resolve(root, file));
  const tree = await parseDependencyTree(entries, { context: root, transform: false });
  const relative = (file: string) => path.relative(root, path.resolve(root, file));
  return parseCircular(tree, false).map((circle) => {
    // dpdm may enter a circle at any of its files (parsing runs in parallel): start at the first by name.
    const names = circle.map(relative);
    const first = names.indexOf([...names].sort()[0]!);
    const rotated = [...names.slice(first), ...names.slice(0, first)];
    return [...rotated, rotated[0]!].join(' -> ');
  });
}

describe('modules import each other in one direction only', () => {
  it('src/ has no import circle (put shared types in a module of their own)', async () => {
    expect(await importCycles(SRC)).toEqual([]);
  });

  it('the check sees a circle made only of type imports', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'kiln-cycles-'));
    try {
      await writeFile(path.join(dir, 'a.ts'), "import type { B } from './b.ts';\nexport type A = B[];\n");
      await writeFile(
        path.join(dir, 'b.ts'),
        "import type { A } from './a.ts';\nexport type B = { a: A };\n",
      );
      await writeFile(path.join(dir, 'c.ts'), "import type { A } from './a.ts';\nexport type C = A;\n");
      expect(await importCycles(dir)).toEqual(['a.ts -> b.ts -> a.ts']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
