/**
 * What a stylesheet asks of packages (issue 33 item 1): `@import 'pkg/x.css'` (CSS, Sass's
 * `@use`/`@forward`, Less), Tailwind 4's `@plugin 'pkg'`. `url(…)` imports (web fonts, CDNs) are
 * fetched by the browser, not installed, so they are not read. Whether a name is a package or a
 * file of the project is decided later (a bare `@import 'theme.css'` may be either).
 */

const AT_RULE = /@(import|use|forward|plugin)\s+(['"])([^'"\n]+)\2/g;

/** The specifiers of the stylesheet's imports and plugins, in order, each once. */
export function styleSpecifiers(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, ' ');
  const found = new Set<string>();
  for (const match of text.matchAll(AT_RULE)) {
    let specifier = match[3]!.trim();
    // webpack's (and sass-loader's) `~pkg` spelling of a package in node_modules.
    if (specifier.startsWith('~') && !specifier.startsWith('~/')) specifier = specifier.slice(1);
    found.add(specifier);
  }
  return [...found];
}

/** The preprocessor package a stylesheet language needs ('scss' → sass), or null for CSS. */
export function preprocessorOf(language: string): string | null {
  switch (language.toLowerCase()) {
    case 'scss':
    case 'sass':
      return 'sass';
    case 'less':
      return 'less';
    case 'styl':
    case 'stylus':
      return 'stylus';
    default:
      return null;
  }
}
