import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { VENDOR_FILES, VENDOR_PREFIX } from '../../../core/preview/vendor-files.ts';

export { VENDOR_PREFIX };

const require = createRequire(import.meta.url);

const TAILWIND = VENDOR_FILES.tailwindScript;
const DAISYUI = VENDOR_FILES.daisyStylesheet;
const DAISYUI_THEMES = VENDOR_FILES.daisyThemesStylesheet;

/**
 * Maps a Tailwind or daisyUI CDN address to Kiln's local copy (decision 0034), so HTML previews
 * work offline and load at once. The Tailwind v3 play CDN and v4's browser build both become
 * the v4 browser build; every daisyUI stylesheet becomes daisyUI 5 with all its themes, so the
 * page's `data-theme` applies. Anything else is left alone.
 */
export function localCopyOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.startsWith('//') ? `https:${url}` : url);
  } catch {
    return null;
  }
  const host = parsed.hostname.toLowerCase();
  const pathname = decodeURIComponent(parsed.pathname).toLowerCase();
  if (host === 'cdn.tailwindcss.com') return VENDOR_PREFIX + TAILWIND;
  const npmPath =
    host === 'cdn.jsdelivr.net' && pathname.startsWith('/npm/')
      ? pathname.slice('/npm/'.length)
      : host === 'unpkg.com'
        ? pathname.slice(1)
        : null;
  if (npmPath === null) return null;
  if (/^@tailwindcss\/browser(@|\/|$)/.test(npmPath)) return VENDOR_PREFIX + TAILWIND;
  if (/^daisyui(@|\/|$)/.test(npmPath)) {
    return VENDOR_PREFIX + (npmPath.endsWith('/themes.css') ? DAISYUI_THEMES : DAISYUI);
  }
  return null;
}

const URL_ATTRIBUTE = /(\b(?:src|href)\s*=\s*)(["'])((?:https?:)?\/\/[^"']+)\2/gi;

export function rewriteCdnReferences(html: string): string {
  return html.replace(URL_ATTRIBUTE, (whole, prefix: string, quote: string, url: string) => {
    const local = localCopyOf(url);
    return local ? `${prefix}${quote}${local}${quote}` : whole;
  });
}

let vendorFiles: Map<string, { body: string; type: string }> | undefined;

function packageFile(specifier: string): string {
  return fs.readFileSync(require.resolve(specifier), 'utf8');
}

/** The vendored files, read once from node_modules (daisyUI's themes appended to its CSS). */
export function vendorFile(name: string): { body: string; type: string } | null {
  if (!vendorFiles) {
    const daisyDir = path.dirname(require.resolve('daisyui/package.json'));
    const themes = fs.readFileSync(path.join(daisyDir, 'themes.css'), 'utf8');
    vendorFiles = new Map([
      [TAILWIND, { body: packageFile('@tailwindcss/browser'), type: 'text/javascript; charset=utf-8' }],
      [
        DAISYUI,
        {
          body: fs.readFileSync(path.join(daisyDir, 'daisyui.css'), 'utf8') + '\n' + themes,
          type: 'text/css; charset=utf-8',
        },
      ],
      [DAISYUI_THEMES, { body: themes, type: 'text/css; charset=utf-8' }],
    ]);
  }
  return vendorFiles.get(name) ?? null;
}
