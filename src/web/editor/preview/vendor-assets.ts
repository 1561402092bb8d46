// The Tailwind browser build and daisyUI, bundled as static assets so a streamed HTML preview
// (an opaque-origin srcdoc frame) is styled without reaching a CDN.
import tailwindBrowserUrl from '@tailwindcss/browser?url';
import daisyUiUrl from 'daisyui/daisyui.css?url';
import daisyThemesUrl from 'daisyui/themes.css?url';

export interface VendorUrls {
  tailwindScript: string;
  daisyStylesheet: string;
  /** daisyui.css has light and dark only; the CDN's other themes come from themes.css. */
  daisyThemesStylesheet: string;
}

export function vendorUrls(origin: string = window.location.origin): VendorUrls {
  return {
    tailwindScript: new URL(tailwindBrowserUrl, origin).href,
    daisyStylesheet: new URL(daisyUiUrl, origin).href,
    daisyThemesStylesheet: new URL(daisyThemesUrl, origin).href,
  };
}
