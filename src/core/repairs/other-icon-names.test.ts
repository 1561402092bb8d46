import { describe, expect, it } from 'vitest';
import { iconReplacement, replaceUnknownIcons } from './icon-imports.ts';
import { iconPackage, iconPackageNames } from './lucide-icons.ts';
import { BRANDS_LUCIDE_NEVER_HAD, OTHER_SET_NAMES } from './other-icon-names.ts';

const react = iconPackage('lucide-react')!;

describe("icon names Lucide never had: other sets' names and brands it never drew", () => {
  it.each([
    // tests/fixtures/real-answers/react-sign-in-unknown-lucide-icon: a submit spinner, a Google button.
    ['Spinner', 'LoaderCircle', null],
    ['SpinnerIcon', 'LoaderCircleIcon', null],
    ['LucideSpinner', 'LucideLoaderCircle', null],
    ['Close', 'X', null],
    ['Warning', 'TriangleAlert', null],
    ['Google', 'Globe', 'missing'],
    ['GoogleIcon', 'GlobeIcon', 'missing'],
    ['TikTok', 'Music', 'missing'],
    // A brand Lucide removed stays the removed-brand table's.
    ['Github', 'GitBranch', 'removed'],
  ])('%s → %s', (name, to, brand) => {
    expect(iconReplacement(name, react)).toEqual({ to, brand });
  });

  it('renames the sign-in card’s imports and uses', () => {
    const card = `import { Mail, Lock, Eye, EyeOff, Spinner, Google } from 'lucide-react';

export default function SignInCard({ loading }: { loading: boolean }) {
  return (
    <form>
      <button type="button"><Google className="h-4 w-4" aria-hidden="true" />Continue with Google</button>
      <Mail /> <Lock /> <Eye /> <EyeOff />
      {loading && <Spinner className="h-4 w-4 animate-spin" aria-hidden="true" />}
    </form>
  );
}
`;
    const result = replaceUnknownIcons('src/components/SignInCard.tsx', card, (source) =>
      iconPackage(source),
    );
    expect(result?.content).toBe(
      card
        .replace('Spinner, Google }', 'LoaderCircle, Globe }')
        .replace('<Google ', '<Globe ')
        .replace('<Spinner ', '<LoaderCircle '),
    );
  });

  it('names only icons no package exports, and replaces them with icons every package has', () => {
    for (const table of [OTHER_SET_NAMES, BRANDS_LUCIDE_NEVER_HAD]) {
      for (const [name, icon] of table) {
        for (const packageName of iconPackageNames()) {
          const pkg = iconPackage(packageName)!;
          expect(
            pkg.icons.some((known) => known.toLowerCase() === name),
            `${packageName}: ${name}`,
          ).toBe(false);
          expect(pkg.exports(icon), `${packageName}: ${icon}`).toBe(true);
        }
      }
    }
  });
});
