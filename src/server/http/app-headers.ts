import type { MiddlewareHandler } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import type { PreviewHosts } from '../../core/preview/hosts.ts';

/**
 * The security headers of the app's own pages and API (issue 21 item 3). Preview hosts, deployed
 * sites and attachments answer before these or set their own (`overwrite: false`: a header a
 * route set itself wins, like an attachment's `default-src 'none'; sandbox`).
 */
export interface AppHeaderOptions {
  /** KILN_PUBLIC_URL: its scheme decides HSTS, its port the preview frames' origins. */
  publicUrl: string;
  previewHosts: PreviewHosts;
  /** Answers other origins may load (Kiln's Tailwind/daisyUI copies, loaded by previews). */
  crossOriginResources?: boolean;
}

/** `{scheme}//*.{host}[:port]`: every preview (or fullscreen) host, as the app frames it. */
function previewHostSource(publicUrl: URL, host: string): string {
  return `${publicUrl.protocol}//*.${host}${publicUrl.port ? `:${publicUrl.port}` : ''}`;
}

export function appSecurityHeaders(options: AppHeaderOptions): MiddlewareHandler {
  const publicUrl = new URL(options.publicUrl);
  const isHttps = publicUrl.protocol === 'https:';
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // No inline script, no eval. The nonce is for the one document the app writes itself: a
      // streaming HTML version in its sandboxed srcdoc frame, which inherits this policy (the
      // web app reads it from index.html and puts it on that document's scripts).
      scriptSrc: ["'self'", NONCE],
      // React's style attributes and Radix's inline positioning; a streamed version's
      // stylesheets (fonts, icon sets on CDNs) too. Styles cannot run code.
      styleSrc: ["'self'", "'unsafe-inline'", 'https:'],
      // Avatars from the sign-in provider or any address a user gave, attachments' local
      // previews (blob:), and a streamed version's own images.
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:', 'https:'],
      connectSrc: ["'self'"],
      // Generated pages only ever run in frames of their own hosts (decision 0038).
      frameSrc: [
        previewHostSource(publicUrl, options.previewHosts.preview),
        previewHostSource(publicUrl, options.previewHosts.webcontainer),
      ],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      // No page frames the app (it never frames itself): no clickjacking.
      frameAncestors: ["'none'"],
      ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: options.crossOriginResources ? 'cross-origin' : 'same-origin',
    // Only a browser that reached Kiln over TLS may be told to insist on it.
    strictTransportSecurity: isHttps ? 'max-age=31536000' : false,
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: [],
      usb: [],
      serial: [],
      hid: [],
      midi: [],
      displayCapture: [],
      browsingTopics: [],
    },
    overwrite: false,
  });
}
