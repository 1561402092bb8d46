import { describe, expect, it } from 'vitest';
import { mergeOpacityUtilities } from './opacity-utilities.ts';

describe("mergeOpacityUtilities: Tailwind 3's opacity utilities in an @apply list", () => {
  it.each([
    ['background', 'bg-black bg-opacity-50', 'bg-black/50'],
    ['the opacity before its colour', 'bg-opacity-25 p-4 bg-white', 'p-4 bg-white/25'],
    ['text', 'text-lg text-white text-opacity-75', 'text-lg text-white/75'],
    ['border beside a width', 'border-2 border-gray-300 border-opacity-40', 'border-2 border-gray-300/40'],
    ['ring beside a width', 'ring-2 ring-indigo-500 ring-opacity-50', 'ring-2 ring-indigo-500/50'],
    ['divide', 'divide-y divide-gray-200 divide-opacity-50', 'divide-y divide-gray-200/50'],
    ['placeholder', 'placeholder-gray-500 placeholder-opacity-60', 'placeholder-gray-500/60'],
    ['a config colour', 'bg-darkSlateBlue-600 bg-opacity-90', 'bg-darkSlateBlue-600/90'],
    ['an arbitrary colour and amount', 'bg-[#123456] bg-opacity-[.35]', 'bg-[#123456]/[.35]'],
    ['the same variants only', 'bg-white hover:bg-black hover:bg-opacity-80', 'bg-white hover:bg-black/80'],
    ['an important colour', 'bg-black! bg-opacity-50', 'bg-black/50!'],
    ['a gradient is no colour: the opacity goes', 'bg-gradient-to-r bg-opacity-50', 'bg-gradient-to-r'],
    ['a size is no colour: the opacity goes', 'text-sm text-opacity-50', 'text-sm'],
    ['!important stays at the end', 'bg-black bg-opacity-50 !important', 'bg-black/50 !important'],
    ['alone it leaves nothing', 'bg-opacity-50', ''],
  ])('%s: %s → %s', (_name, params, expected) => {
    expect(mergeOpacityUtilities(params)?.params).toBe(expected);
  });

  it('says what it merged and what it dropped', () => {
    expect(mergeOpacityUtilities('bg-black bg-opacity-50 text-opacity-75')?.changes).toEqual([
      { from: 'bg-black bg-opacity-50', to: 'bg-black/50' },
      { from: 'text-opacity-75', to: '' },
    ]);
  });

  it('a list without them is left alone', () => {
    expect(mergeOpacityUtilities('bg-black/50 opacity-50 px-4')).toBeNull();
  });
});
