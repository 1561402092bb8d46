import { VENDOR_FILES, VENDOR_PREFIX } from '../../../core/preview/vendor-files.ts';

// The Tailwind browser build and daisyUI as the app serves them (the preview hosts serve the same
// files to finished HTML versions), so a streamed HTML preview (an opaque-origin srcdoc frame) is
// styled without reaching a CDN, like the finished page.

export interface VendorUrls {
  tailwindScript: string;
  /** daisyUI with every theme, so any data-theme applies. */
  daisyStylesheet: string;
  /** The themes only, for a page that links daisyUI's themes.css by itself. */
  daisyThemesStylesheet: string;
}

export function vendorUrls(origin: string = window.location.origin): VendorUrls {
  const url = (name: string) => new URL(VENDOR_PREFIX + name, origin).href;
  return {
    tailwindScript: url(VENDOR_FILES.tailwindScript),
    daisyStylesheet: url(VENDOR_FILES.daisyStylesheet),
    daisyThemesStylesheet: url(VENDOR_FILES.daisyThemesStylesheet),
  };
}
