/**
 * Kiln's own copies of the CDN packages HTML versions use (decision 0034), served at
 * `{VENDOR_PREFIX}{name}` by the app (to the editor's srcdoc frame of a streaming version, an
 * opaque origin) and by each preview host (to the finished version, decision 0038).
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
