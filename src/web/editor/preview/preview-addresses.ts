/** Spec §2 preview addresses, built from the page's own origin. */

export function htmlContentPath(chatId: string, version: number, file?: string): string {
  const base = `/content/${encodeURIComponent(chatId)}/${version}`;
  return file ? `${base}/${file.split('/').map(encodeURIComponent).join('/')}` : base;
}

function hostUrl(label: string, location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol}//${label}.${location.host}`;
}

/** {chatId}-{version}.preview.{host}: a built non-HTML version ('Open in a new tab'). */
export function previewHostUrl(
  chatId: string,
  version: number,
  location: Pick<Location, 'protocol' | 'host'> = window.location,
): string {
  return hostUrl(`${chatId}-${version}.preview`, location);
}

/** {chatId}-{version}.webcontainer.{host}: the fullscreen frame of a built non-HTML version. */
export function webcontainerHostUrl(
  chatId: string,
  version: number,
  location: Pick<Location, 'protocol' | 'host'> = window.location,
): string {
  return hostUrl(`${chatId}-${version}.webcontainer`, location);
}
