import { describe, expect, it } from 'vitest';
import { readSelectionInstruction, selectionField, selectionInstruction } from './selection.ts';

const selection = { file: 'src/App.tsx', line: 12, column: 5, tagName: 'h1', outerHTML: '<h1>Hello</h1>' };

describe('selectionField', () => {
  it('reads the JSON of an element selection, or nothing', () => {
    expect(selectionField.parse(JSON.stringify(selection))).toEqual(selection);
    expect(selectionField.parse(undefined)).toBeUndefined();
    expect(selectionField.parse('')).toBeUndefined();
  });

  it('refuses anything else', () => {
    for (const bad of [
      '{',
      JSON.stringify({ ...selection, line: 0 }),
      JSON.stringify({ ...selection, tagName: 'h1 x' }),
      JSON.stringify({ ...selection, outerHTML: 'x'.repeat(4001) }),
      JSON.stringify({ ...selection, file: undefined }),
    ]) {
      expect(() => selectionField.parse(bad)).toThrow();
    }
  });
});

describe('selectionInstruction', () => {
  it("names the element's file, line and HTML, in a fence its HTML cannot close", () => {
    const text = selectionInstruction({ ...selection, outerHTML: '<pre>```x```</pre>' });
    expect(text).toContain('src/App.tsx, line 12, column 5');
    expect(text).toContain('<h1>');
    expect(text).toContain('````html\n<pre>```x```</pre>\n````');
  });
});

describe('readSelectionInstruction', () => {
  it('reads back exactly what selectionInstruction wrote, HTML with newlines and fences too', () => {
    for (const each of [
      selection,
      { ...selection, file: 'src/a, line 3.vue', outerHTML: '<pre>```x```\n  two\n</pre>' },
      { ...selection, tagName: 'my-card', outerHTML: '' },
    ]) {
      expect(readSelectionInstruction(selectionInstruction(each))).toEqual(each);
    }
  });

  it('is undefined for any other text', () => {
    const text = selectionInstruction(selection);
    expect(readSelectionInstruction('make it red')).toBeUndefined();
    expect(readSelectionInstruction(text.replace('line 12', 'line twelve'))).toBeUndefined();
    expect(readSelectionInstruction(text.slice(0, -4))).toBeUndefined();
  });
});
