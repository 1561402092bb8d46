/**
 * Kiln's own copies of the CDN packages HTML versions use (decision 0034), served by the app at
 * `{VENDOR_PREFIX}{name}`. The editor's canvas, fullscreen and `/content/...` all load these
 * same files, so one route decides how they are served (they are loaded by opaque origins).
 */
export const VENDOR_PREFIX = '/_kiln/vendor/';

export const VENDOR_FILES = {
  /** Tailwind's v4 browser build (also stands in for the v3 play CDN). */
  tailwindScript: 'tailwindcss-browser.js',
  /** daisyUI 5 with every theme appended, so any `data-theme` applies. */
  daisyStylesheet: 'daisyui.css',
  /** daisyUI's themes only (a page that links `daisyui/themes.css` on its own). */
  daisyThemesStylesheet: 'daisyui-themes.css',
} as const;
