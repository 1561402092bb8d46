import { describe, expect, it } from 'vitest';
import {
  ELEMENT_SELECTED_MESSAGE,
  SELECT_CANCEL_MESSAGE,
  TEXT_EDIT_MESSAGE,
} from '../../../core/preview/select-messages.ts';
import { originOf, readSelectionMessage } from './selection-message.ts';

const frame = {} as Window;
const origin = 'http://c1-2.preview.localhost:3450';
const data = {
  type: ELEMENT_SELECTED_MESSAGE,
  file: 'src/App.tsx',
  line: 12,
  column: 5,
  tagName: 'H1',
  outerHTML: '<h1>Hello</h1>',
};

describe('readSelectionMessage', () => {
  it("takes an element from the preview's origin and frame", () => {
    expect(readSelectionMessage({ origin, source: frame, data }, origin, [frame])).toEqual({
      kind: 'selected',
      selection: { file: 'src/App.tsx', line: 12, column: 5, tagName: 'h1', outerHTML: '<h1>Hello</h1>' },
    });
    expect(
      readSelectionMessage({ origin, source: frame, data: { type: SELECT_CANCEL_MESSAGE } }, origin, [frame]),
    ).toEqual({
      kind: 'cancel',
    });
  });

  it('ignores a message from another origin, another window, or before the preview has an origin', () => {
    expect(
      readSelectionMessage({ origin: 'http://evil.localhost:3450', source: frame, data }, origin, [frame]),
    ).toBeNull();
    expect(readSelectionMessage({ origin: 'null', source: frame, data }, origin, [frame])).toBeNull();
    expect(readSelectionMessage({ origin, source: {} as Window, data }, origin, [frame])).toBeNull();
    expect(readSelectionMessage({ origin, source: null, data }, origin, [frame, null])).toBeNull();
    expect(readSelectionMessage({ origin, source: frame, data }, null, [frame])).toBeNull();
  });

  it('refuses malformed fields and cuts the outer HTML', () => {
    const read = (patch: Record<string, unknown>) =>
      readSelectionMessage({ origin, source: frame, data: { ...data, ...patch } }, origin, [frame]);
    expect(read({ line: 0 })).toBeNull();
    expect(read({ column: 1.5 })).toBeNull();
    expect(read({ file: '' })).toBeNull();
    expect(read({ tagName: 'h1 onclick=x' })).toBeNull();
    expect(read({ outerHTML: 42 })).toBeNull();
    const long = read({ outerHTML: 'x'.repeat(10_000) });
    expect(long?.kind === 'selected' && long.selection.outerHTML.length).toBe(4000);
  });
});

describe('readSelectionMessage: text edited in place', () => {
  const edit = {
    type: TEXT_EDIT_MESSAGE,
    file: 'src/App.tsx',
    line: 12,
    column: 5,
    before: 'Hello',
    after: 'Hi',
  };

  it("takes the element's text before and after, from the preview only", () => {
    expect(readSelectionMessage({ origin, source: frame, data: edit }, origin, [frame])).toEqual({
      kind: 'text-edit',
      edit: { file: 'src/App.tsx', line: 12, before: 'Hello', after: 'Hi' },
    });
    expect(
      readSelectionMessage({ origin: 'http://evil.localhost', source: frame, data: edit }, origin, [frame]),
    ).toBeNull();
    expect(
      readSelectionMessage({ origin, source: frame, data: { ...edit, after: 3 } }, origin, [frame]),
    ).toBeNull();
    expect(
      readSelectionMessage({ origin, source: frame, data: { ...edit, after: 'x'.repeat(2001) } }, origin, [
        frame,
      ]),
    ).toBeNull();
  });
});

describe('originOf', () => {
  it('is the origin of an address, or null', () => {
    expect(originOf('http://c1-2.preview.localhost:3450/?token=x')).toBe(origin);
    expect(originOf(null)).toBeNull();
    expect(originOf('not a url')).toBeNull();
  });
});
