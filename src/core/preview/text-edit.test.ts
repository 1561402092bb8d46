import { describe, expect, it } from 'vitest';
import { textEditOf } from './text-edit.ts';

const APP = [
  'export default function App() {',
  '  return (',
  '    <main>',
  '      <h1 className="title">Simple pricing</h1>',
  '      <ul>',
  '        <li>Item</li>',
  '        <li>Item</li>',
  '      </ul>',
  '      <p>{title}</p>',
  '    </main>',
  '  );',
  '}',
].join('\n');

describe('textEditOf', () => {
  it("replaces the element's text on its line, and only there", () => {
    const result = textEditOf(APP, { line: 4, before: 'Simple pricing', after: 'Fair & square pricing' });
    expect(result.ok && result.content).toBe(APP.replace('>Simple pricing<', '>Fair &amp; square pricing<'));
  });

  it('adds the lines above to the search until it is unique, so the right one of equal lines changes', () => {
    const lines = APP.split('\n');
    const result = textEditOf(APP, { line: 7, before: 'Item', after: 'Second' });
    lines[6] = '        <li>Second</li>';
    expect(result.ok && result.content).toBe(lines.join('\n'));
    const first = textEditOf(APP, { line: 6, before: 'Item', after: 'First' });
    expect(first.ok && first.content.split('\n').slice(5, 7)).toEqual([
      '        <li>First</li>',
      '        <li>Item</li>',
    ]);
  });

  it('refuses markup, an unchanged text, and text the source does not hold as such', () => {
    expect(textEditOf(APP, { line: 4, before: 'Simple pricing', after: '<b>x</b>' })).toMatchObject({
      code: 'markup',
    });
    expect(textEditOf(APP, { line: 4, before: 'Simple pricing', after: '{x}' })).toMatchObject({
      code: 'markup',
    });
    expect(textEditOf(APP, { line: 4, before: 'Simple pricing', after: ' Simple pricing ' })).toMatchObject({
      code: 'unchanged',
    });
    expect(textEditOf(APP, { line: 9, before: 'Plans', after: 'Tiers' })).toMatchObject({
      code: 'not-found',
    });
    // Text above the element's line is never taken.
    expect(textEditOf(APP, { line: 5, before: 'Simple pricing', after: 'x' })).toMatchObject({
      code: 'not-found',
    });
  });

  it('keeps CRLF line endings', () => {
    const crlf = APP.replace(/\n/g, '\r\n');
    const result = textEditOf(crlf, { line: 4, before: 'Simple pricing', after: 'Plans' });
    expect(result.ok && result.content).toBe(crlf.replace('Simple pricing', 'Plans'));
  });
});
