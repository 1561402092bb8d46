import { describe, expect, it } from 'vitest';
import { parseScript } from './script-ast.ts';
import { declarationCounts, declaredNames, referencesTo } from './script-names.ts';

const program = (code: string, lang: 'ts' | 'tsx' | 'jsx' = 'tsx') => {
  const parsed = parseScript(code, lang);
  if (!parsed) throw new Error('does not parse');
  return parsed;
};

describe('declaredNames', () => {
  it('finds bindings of every kind and scope', () => {
    const code = `import a, { b as c } from 'x';
import * as d from 'y';
const { e, f: [g, ...h], ...i } = obj;
function j(k = 1, { l }) { let m; try {} catch (n) {} }
class O { p(q) {} constructor(private r: number) {} }
const s = (t) => t;
enum U { V }
`;
    expect([...declaredNames(program(code, 'ts'))].sort()).toEqual(
      ['O', 'U', 'a', 'c', 'd', 'e', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'q', 'r', 's', 't'].sort(),
    );
  });

  it('counts a name bound twice', () => {
    expect(declarationCounts(program('const x = 1; function f(x) {}')).get('x')).toBe(2);
  });
});

describe('referencesTo', () => {
  it('finds reads, not keys, members, labels, types or import names', () => {
    const code = `import { ref } from 'other';
const a: ref = ref(1);
const o = { ref: 2, [ref]: 3, ref };
o.ref; o[ref];
ref: for (;;) { break ref; }
const b = <ref.X />;
const c = <Ref />;
export { ref };
export { ref as z } from './z';
`;
    expect(referencesTo(program(code), new Set(['ref', 'Ref'])).map((r) => `${r.name}:${r.kind}`)).toEqual([
      'ref:plain',
      'ref:plain',
      'ref:shorthand',
      'ref:plain',
      'ref:plain',
      'Ref:plain',
      'ref:export',
    ]);
  });

  it('reads inside TypeScript expressions but not their types', () => {
    const code = `const a = (ref(1) as unknown as typeof ref)!; const b = ref satisfies Ref;`;
    expect(referencesTo(program(code, 'ts'), new Set(['ref', 'Ref'])).map((r) => r.name)).toEqual([
      'ref',
      'ref',
    ]);
  });
});
