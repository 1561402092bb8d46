/**
 * Subdomains of KILN_HOST no deployment may take (issue 14): names Kiln itself serves or may
 * serve (the app, its API, previews, mail, static files), names people trust (admin, login,
 * billing…), and the infrastructure names certificate authorities and mail providers look at.
 * docs/operations/hosting.md lists them for self-hosters.
 */
export const RESERVED_SUBDOMAINS: ReadonlySet<string> = new Set([
  // Kiln's own hosts and their likely siblings
  'www',
  'api',
  'app',
  'apps',
  'admin',
  'administrator',
  'dashboard',
  'console',
  'preview',
  'previews',
  'webcontainer',
  'content',
  'static',
  'assets',
  'cdn',
  'media',
  'files',
  'uploads',
  'blob',
  'blobs',
  'docs',
  'help',
  'support',
  'status',
  'blog',
  'news',
  'about',
  // accounts and money
  'auth',
  'login',
  'signin',
  'signup',
  'account',
  'accounts',
  'billing',
  'pay',
  'payment',
  'payments',
  'checkout',
  'pricing',
  'secure',
  'security',
  // mail and infrastructure
  'mail',
  'email',
  'smtp',
  'imap',
  'pop',
  'pop3',
  'mx',
  'webmail',
  'ns',
  'ns1',
  'ns2',
  'dns',
  'ftp',
  'sftp',
  'ssh',
  'vpn',
  'git',
  'autoconfig',
  'autodiscover',
  'localhost',
  'internal',
  'intranet',
  'test',
  'staging',
  'dev',
  'kiln',
  'root',
  'system',
  'host',
  'server',
  'metrics',
  'health',
  'ready',
  'webhook',
  'webhooks',
  'tls',
  'acme',
]);

/**
 * Why a well-formed subdomain cannot be taken, or null. `kilnLabels` are the first labels of
 * Kiln's own hosts under KILN_HOST (a KILN_PREVIEW_HOST like `previews.kiln.dev` under
 * `kiln.dev` makes `previews` Kiln's).
 */
export function reservedSubdomainReason(
  subdomain: string,
  kilnLabels: readonly string[] = [],
): string | null {
  if (RESERVED_SUBDOMAINS.has(subdomain) || kilnLabels.includes(subdomain)) {
    return `'${subdomain}' is reserved.`;
  }
  return null;
}
