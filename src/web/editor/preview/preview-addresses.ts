import { PREVIEW_HOST_META, previewHostsFor, type PreviewHosts } from '../../../core/preview/hosts.ts';

/** Spec §2 preview addresses, built from the page's own origin. */

export function htmlContentPath(chatId: string, version: number, file?: string): string {
  const base = `/content/${encodeURIComponent(chatId)}/${version}`;
  return file ? `${base}/${file.split('/').map(encodeURIComponent).join('/')}` : base;
}

type PageLocation = Pick<Location, 'protocol' | 'host' | 'hostname' | 'port'>;

/**
 * The preview host names the server wrote into the page (`<meta name="kiln-preview-host">`,
 * KILN_PREVIEW_HOST may give previews a domain of their own); without them, the spec's
 * preview.{host} and webcontainer.{host} under the page's own host.
 */
export function pagePreviewHosts(location: PageLocation = window.location): PreviewHosts {
  const meta = (name: string) =>
    typeof document === 'undefined'
      ? null
      : document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || null;
  const spec = previewHostsFor(location.hostname);
  return {
    preview: meta(PREVIEW_HOST_META.preview) ?? spec.preview,
    webcontainer: meta(PREVIEW_HOST_META.webcontainer) ?? spec.webcontainer,
  };
}

/** `{label}.{host}` with the page's scheme and port (previews are served by the same server). */
function hostUrl(label: string, host: string, location: PageLocation): string {
  return `${location.protocol}//${label}.${host}${location.port ? `:${location.port}` : ''}`;
}

/** {chatId}-{version}.preview.{host}: a finished version (HTML too, decision 0038). */
export function previewHostUrl(
  chatId: string,
  version: number,
  location: PageLocation = window.location,
  hosts: PreviewHosts = pagePreviewHosts(location),
): string {
  return hostUrl(`${chatId}-${version}`, hosts.preview, location);
}

/** {chatId}-{version}.webcontainer.{host}: the fullscreen frame of a finished version. */
export function webcontainerHostUrl(
  chatId: string,
  version: number,
  location: PageLocation = window.location,
  hosts: PreviewHosts = pagePreviewHosts(location),
): string {
  return hostUrl(`${chatId}-${version}`, hosts.webcontainer, location);
}

/**
 * The fullscreen frame's address: the webcontainer host, carrying the token of the preview
 * address the server gave this viewer (a private chat's; the token names the chat, not a host).
 */
export function fullscreenUrl(
  chatId: string,
  version: number,
  previewAddress: string | null,
  location: PageLocation = window.location,
  hosts: PreviewHosts = pagePreviewHosts(location),
): string {
  const url = new URL(`${webcontainerHostUrl(chatId, version, location, hosts)}/`);
  const token = previewAddress === null ? null : new URL(previewAddress).searchParams.get('token');
  if (token) url.searchParams.set('token', token);
  return url.href;
}
