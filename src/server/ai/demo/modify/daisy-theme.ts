import type { TailwindColour } from './class-tokens.ts';
import { changeColour } from './change-colour.ts';
import { switchMode } from './dark-mode.ts';
import { readHtmlTheme, setHtmlTheme } from './html-theme.ts';
import type { ProjectFiles } from './project-files.ts';
import { markupFiles } from './targets.ts';

/** daisyUI 5's built-in themes, each with the Tailwind family closest to its primary colour. */
export const DAISY_THEMES: Readonly<Record<string, { accent: TailwindColour; isDark: boolean }>> = {
  light: { accent: 'indigo', isDark: false },
  dark: { accent: 'indigo', isDark: true },
  cupcake: { accent: 'teal', isDark: false },
  bumblebee: { accent: 'yellow', isDark: false },
  emerald: { accent: 'emerald', isDark: false },
  corporate: { accent: 'blue', isDark: false },
  synthwave: { accent: 'fuchsia', isDark: true },
  retro: { accent: 'rose', isDark: false },
  cyberpunk: { accent: 'yellow', isDark: false },
  valentine: { accent: 'pink', isDark: false },
  halloween: { accent: 'orange', isDark: true },
  garden: { accent: 'pink', isDark: false },
  forest: { accent: 'green', isDark: true },
  aqua: { accent: 'cyan', isDark: true },
  lofi: { accent: 'zinc', isDark: false },
  pastel: { accent: 'purple', isDark: false },
  fantasy: { accent: 'purple', isDark: false },
  wireframe: { accent: 'zinc', isDark: false },
  black: { accent: 'zinc', isDark: true },
  luxury: { accent: 'amber', isDark: true },
  dracula: { accent: 'pink', isDark: true },
  cmyk: { accent: 'cyan', isDark: false },
  autumn: { accent: 'red', isDark: false },
  business: { accent: 'sky', isDark: true },
  acid: { accent: 'fuchsia', isDark: false },
  lemonade: { accent: 'lime', isDark: false },
  night: { accent: 'sky', isDark: true },
  coffee: { accent: 'amber', isDark: true },
  winter: { accent: 'blue', isDark: false },
  dim: { accent: 'emerald', isDark: true },
  nord: { accent: 'sky', isDark: false },
  sunset: { accent: 'orange', isDark: true },
  caramellatte: { accent: 'amber', isDark: false },
  abyss: { accent: 'lime', isDark: true },
  silk: { accent: 'stone', isDark: false },
};

/** "add a daisyUI theme" without a name: the next theme in this list after the current one. */
const SUGGESTED = ['cupcake', 'synthwave', 'emerald', 'dracula', 'corporate', 'retro'];

export function suggestTheme(current: string | undefined): string {
  const index = current === undefined ? -1 : SUGGESTED.indexOf(current);
  return SUGGESTED[(index + 1) % SUGGESTED.length] ?? 'cupcake';
}

/**
 * HTML: sets `data-theme` on <html> (spec §1: themes apply through data-theme). Other
 * frameworks have no daisyUI, so the theme's accent colour (and darkness) is applied instead.
 */
export function applyTheme(project: ProjectFiles, requested: string | undefined): string {
  const htmlFiles = markupFiles(project).filter((file) => file.dialect === 'html');
  if (project.framework === 'html' && htmlFiles.length > 0) {
    const current = readHtmlTheme(project.get(htmlFiles[0]?.name ?? '') ?? '');
    const theme = requested ?? suggestTheme(current);
    if (theme === current) return `The page already uses the daisyUI "${theme}" theme.`;
    const changed: string[] = [];
    for (const file of htmlFiles) {
      const content = project.get(file.name) ?? '';
      if (project.set(file.name, setHtmlTheme(content, theme))) changed.push(file.name);
    }
    if (changed.length === 0) return `I couldn't apply the "${theme}" theme: the page is locked.`;
    const isDark = DAISY_THEMES[theme]?.isDark === true;
    const tint = isDark ? ` ${switchMode(project, 'dark', theme)}` : '';
    return `Applied the daisyUI "${theme}" theme with data-theme on <html>.${tint}`;
  }
  const theme = requested ?? suggestTheme(undefined);
  const look = DAISY_THEMES[theme] ?? { accent: 'indigo', isDark: false };
  const parts = [
    `daisyUI themes apply to HTML projects; this ${project.framework} app uses plain Tailwind, so I matched the "${theme}" theme's colours instead.`,
    changeColour(project, look.accent),
  ];
  if (look.isDark) parts.push(switchMode(project, 'dark'));
  return parts.join(' ');
}
