/** Header navigation. Later capabilities (pricing, marketplace) add their entries here. */
export interface NavLinkItem {
  label: string;
  to: string;
  /** Match the path exactly (for '/'), not as a prefix. */
  end?: boolean;
}

/** `marketplace`: the server takes payments (GET /api/billing); without it the marketplace is hidden. */
export function navLinksFor(userId: string | null, marketplace = false): NavLinkItem[] {
  const links: NavLinkItem[] = [{ label: 'Build', to: '/', end: true }];
  if (userId) links.push({ label: 'Your components', to: `/users/${encodeURIComponent(userId)}` });
  if (marketplace) links.push({ label: 'Marketplace', to: '/marketplace' });
  links.push({ label: 'Pricing', to: '/pricing' });
  return links;
}
