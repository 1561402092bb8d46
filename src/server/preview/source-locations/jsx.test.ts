import { describe, expect, it } from 'vitest';
import { addJsxLocations } from './jsx.ts';

describe('addJsxLocations', () => {
  it('marks host elements with file:line:column and leaves components alone', () => {
    const code = [
      "import { Hero } from './Hero';",
      'export default function App() {',
      '  return (',
      '    <main className="p-4">',
      '      <Hero title="x" />',
      '      <motion.div><h1>Hello</h1></motion.div>',
      '      <>',
      '        <button onClick={() => {}}>Go</button>',
      '      </>',
      '    </main>',
      '  );',
      '}',
    ].join('\n');
    const out = addJsxLocations(code, 'src/App.jsx')!;
    expect(out).toContain('<main data-kiln-loc={"src/App.jsx:4:5"} className="p-4">');
    expect(out).toContain('<h1 data-kiln-loc={"src/App.jsx:6:19"}>');
    expect(out).toContain('<button data-kiln-loc={"src/App.jsx:8:9"} onClick=');
    expect(out).toContain('<Hero title="x" />');
    expect(out).toContain('<motion.div>');
    // Every line keeps its number: the build's own errors still point at the right line.
    expect(out.split('\n')).toHaveLength(code.split('\n').length);
  });

  it('reads TypeScript generics in .tsx and keeps an element that has a location already', () => {
    const code =
      'const id = <T,>(v: T) => v;\nexport const A = () => <p data-kiln-loc="x">{id<number>(1)}</p>;\nexport const B = () => <span />;';
    const out = addJsxLocations(code, 'src/A.tsx')!;
    expect(out).toContain('<p data-kiln-loc="x">');
    expect(out).toContain('<span data-kiln-loc={"src/A.tsx:3:24"} />');
  });

  it('quotes a file name that JSX could not hold as a plain string', () => {
    const out = addJsxLocations('export const A = () => <div />;', 'src/we"ird {x}.jsx')!;
    expect(out).toContain('<div data-kiln-loc={"src/we\\"ird {x}.jsx:1:24"} />');
  });

  it('leaves a module without JSX, or one that does not parse, untouched', () => {
    expect(addJsxLocations('export const a = 1 < 2;', 'src/a.tsx')).toBeNull();
    expect(addJsxLocations('export const A = () => <div>;', 'src/a.tsx')).toBeNull();
  });
});
