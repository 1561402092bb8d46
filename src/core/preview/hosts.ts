/**
 * Spec §2: a built version is served at {chatId}-{version}.preview.{host}, its fullscreen frame
 * at {chatId}-{version}.webcontainer.{host}. With KILN_PREVIEW_HOST set, both move under it (the
 * frame at webcontainer.{KILN_PREVIEW_HOST}), so one setting takes every generated page off the
 * app's site.
 */
export interface PreviewHosts {
  preview: string;
  webcontainer: string;
}

/** The preview host names for the app's host and, if set, the previews' own host (lower case). */
export function previewHostsFor(host: string, previewHost?: string): PreviewHosts {
  const base = (previewHost ?? host).toLowerCase();
  if (previewHost) return { preview: base, webcontainer: `webcontainer.${base}` };
  return { preview: `preview.${base}`, webcontainer: `webcontainer.${base}` };
}

/** `<meta name>`s in the web app's index.html that tell it the preview host names. */
export const PREVIEW_HOST_META: Readonly<Record<keyof PreviewHosts, string>> = {
  preview: 'kiln-preview-host',
  webcontainer: 'kiln-webcontainer-host',
};
