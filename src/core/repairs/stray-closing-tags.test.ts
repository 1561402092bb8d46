import { describe, expect, it } from 'vitest';
import { removeStrayClosingTags } from './stray-closing-tags.ts';

/** tests/fixtures/real-answers/react-pricing-stray-closing-tag: the file ends in the model's `</file>`. */
const PRICING_CARD = `interface PricingCardProps {
  name: string;
  monthly: number;
  features: string[];
  highlighted?: boolean;
  yearly: boolean;
}

export default function PricingCard({ name, monthly, features, highlighted = false, yearly }: PricingCardProps) {
  const price = yearly ? Math.round(monthly * 12 * 0.8) : monthly;
  return (
    <div
      className={\`flex flex-col rounded-2xl p-8 text-left \${
        highlighted ? 'bg-slate-900 text-white shadow-xl ring-2 ring-indigo-500' : 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-200'
      }\`}
    >
      {highlighted && (
        <span className="mb-4 w-fit rounded-full bg-indigo-500 px-3 py-1 text-xs font-semibold">Most popular</span>
      )}
      <h2 className="text-lg font-semibold">{name}</h2>
      <p className="mt-4">
        <span className="text-4xl font-bold">\${price}</span>
        <span className={highlighted ? 'text-slate-300' : 'text-slate-500'}>/{yearly ? 'year' : 'month'}</span>
      </p>
      <ul className="mt-6 flex-1 space-y-3 text-sm">
        {features.map((feature) => (
          <li key={feature} className="flex items-center gap-2">
            <span aria-hidden="true">✓</span>
            {feature}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={\`mt-8 rounded-lg py-2.5 font-semibold \${
          highlighted ? 'bg-indigo-500 hover:bg-indigo-400' : 'bg-slate-900 text-white hover:bg-slate-700'
        }\`}
      >
        Choose {name}
      </button>
    </div>
  );
}
</file>
`;

describe('removeStrayClosingTags', () => {
  it('removes the closing tag a TSX file ends in, keeping its last newline', () => {
    const result = removeStrayClosingTags('src/components/PricingCard.tsx', PRICING_CARD);
    expect(result?.tags).toEqual(['</file>']);
    expect(result?.content).toBe(PRICING_CARD.replace('}\n</file>\n', '}\n'));
  });

  it.each([
    [
      'several tags, the file ending without a newline as it did',
      'src/main.ts',
      'export const a = 1;\n</code>\n</file>',
      'export const a = 1;',
      ['</code>', '</file>'],
    ],
    [
      'a CRLF file',
      'src/util.js',
      'export const a = 1;\r\n</kilnFile>\r\n',
      'export const a = 1;\r\n',
      ['</kilnFile>'],
    ],
  ])('%s', (_name, file, content, repaired, tags) => {
    expect(removeStrayClosingTags(file, content)).toEqual({ content: repaired, tags });
  });

  it.each([
    // JSX that ends in its own markup parses: nothing is stray.
    ['a file that parses', 'src/App.jsx', 'export default () => (\n  <div>\n    <p>Hi</p>\n  </div>\n);\n'],
    [
      'a file whose other error stays',
      'src/App.tsx',
      'export default function App() {\n  return <p>Hi</p>\n</file>\n',
    ],
    ['a tag inside the code', 'src/App.tsx', 'export const a = 1;\n</file>\nexport const b = 2;\n'],
    ['a file that is not a script', 'src/App.vue', '<template><p>Hi</p></template>\n</file>\n'],
  ])('leaves alone %s', (_name, file, content) => {
    expect(removeStrayClosingTags(file, content)).toBeNull();
  });
});
