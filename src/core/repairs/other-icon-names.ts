/**
 * Icon names Lucide never had, which models still write: another icon set's name for an icon
 * Lucide has (Font Awesome's and Bootstrap's `Spinner` is Lucide's `LoaderCircle`), and brands
 * Lucide never drew (`Google` on a sign-in button). No spelling of these is close to a Lucide name,
 * so closest-icon.ts finds nothing; each is replaced by the Lucide icon it stands for, or for a
 * brand the plain icon of what the brand is for (as removed-brand-icons.ts does for the brands
 * Lucide removed). Keys are lower-case.
 */

/** Other icon sets' names (Font Awesome, Bootstrap Icons, Material, Phosphor) → Lucide's. */
export const OTHER_SET_NAMES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    close: 'X',
    gear: 'Settings',
    loading: 'LoaderCircle',
    signin: 'LogIn',
    signout: 'LogOut',
    spinner: 'LoaderCircle',
    warning: 'TriangleAlert',
  }),
);

/** Brands Lucide never had → the plain icon of what the brand is for. */
export const BRANDS_LUCIDE_NEVER_HAD: ReadonlyMap<string, string> = new Map(
  Object.entries({
    discord: 'MessageCircle',
    google: 'Globe',
    microsoft: 'LayoutGrid',
    pinterest: 'Pin',
    reddit: 'MessagesSquare',
    spotify: 'Music',
    telegram: 'Send',
    tiktok: 'Music',
    whatsapp: 'MessageCircle',
  }),
);

/** The Lucide icon another icon set's name stands for (`Spinner`), or null. */
export function otherSetReplacement(name: string): string | null {
  return OTHER_SET_NAMES.get(name.toLowerCase()) ?? null;
}

/** The plain icon standing for a brand Lucide never had (`Google`), or null. */
export function missingBrandReplacement(name: string): string | null {
  return BRANDS_LUCIDE_NEVER_HAD.get(name.toLowerCase()) ?? null;
}
