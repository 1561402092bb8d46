/**
 * Brand icons Lucide removed. lucide-react 1.0.0 (and lucide-vue-next and lucide-angular 1.0.0,
 * which Kiln's data still lists them for) marked them "Brand icons have been deprecated and are due
 * to be removed"; lucide-react 1.79.0, @lucide/vue and @lucide/svelte no longer export them. Models
 * keep writing them (a footer's social links), and no spelling of the name is close to a Lucide
 * icon: each is replaced by the plain icon of what the brand is for. Keys are lower-case.
 */
export const REMOVED_BRAND_ICONS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    chrome: 'Globe',
    chromium: 'Globe',
    codepen: 'CodeXml',
    codesandbox: 'Box',
    dribbble: 'Palette',
    facebook: 'Users',
    figma: 'PenTool',
    framer: 'Frame',
    github: 'GitBranch',
    gitlab: 'GitMerge',
    instagram: 'Camera',
    linkedin: 'Briefcase',
    pocket: 'Bookmark',
    slack: 'MessageSquare',
    trello: 'SquareKanban',
    twitch: 'Tv',
    twitter: 'AtSign',
    youtube: 'SquarePlay',
  }),
);

/** The plain icon standing for a removed brand icon (`Github`, `GitHub`), or null. */
export function brandReplacement(name: string): string | null {
  return REMOVED_BRAND_ICONS.get(name.toLowerCase()) ?? null;
}
