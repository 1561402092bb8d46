/** Header navigation. Later capabilities (pricing, marketplace) add their entries here. */
export interface NavLinkItem {
  label: string;
  to: string;
  /** Match the path exactly (for '/'), not as a prefix. */
  end?: boolean;
}

export function navLinksFor(userId: string | null): NavLinkItem[] {
  const links: NavLinkItem[] = [{ label: 'Build', to: '/', end: true }];
  if (userId) links.push({ label: 'Your components', to: `/users/${encodeURIComponent(userId)}` });
  links.push({ label: 'Pricing', to: '/pricing' });
  return links;
}
