/**
 * Subdomains of KILN_HOST no deployment may take (issue 14): names Kiln itself serves or may
 * serve (the app, its API, previews, mail, static files), names people trust (admin, login,
 * billing…), and the infrastructure names certificate authorities, mail providers and clients
 * look up by themselves (issue 31 item 6): a site on `wpad.{host}` would be a proxy
 * configuration for machines whose search domain is KILN_HOST, one on `mta-sts.{host}` the mail
 * policy of KILN_HOST, one on `autoconfig`/`autodiscover` the mail settings of its addresses.
 * Labels that begin with `_` (SRV, DKIM, `_mta-sts`, `_kiln-verify`) are no valid subdomain at all
 * (validation/subdomain.ts).
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
  'ns3',
  'ns4',
  'dns',
  'ftp',
  'sftp',
  'ssh',
  'vpn',
  'git',
  'ntp',
  'ldap',
  'proxy',
  // names clients and providers look up under a domain by themselves
  'wpad',
  'isatap',
  'mta-sts',
  'autoconfig',
  'autodiscover',
  'openpgpkey',
  'lyncdiscover',
  'sip',
  'enterpriseregistration',
  'enterpriseenrollment',
  // names that look like Kiln's own machinery
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
 * A label with hyphens in its third and fourth places (`xn--`, and any other `??--`): RFC 5890's
 * reserved form. `xn--` labels are punycode, which browsers show as Unicode: `xn--pple-43d` is
 * 'аpple' with a Cyrillic 'а', a look-alike of another name under KILN_HOST. The other prefixes are
 * kept for future encodings, and Let's Encrypt refuses them: such a site would never get its
 * certificate.
 */
export function isReservedLdhLabel(label: string): boolean {
  return /^..--/.test(label);
}

/**
 * Why a well-formed subdomain cannot be taken, or null. `kilnLabels` are the first labels of
 * Kiln's own hosts under KILN_HOST (a KILN_PREVIEW_HOST like `previews.kiln.dev` under
 * `kiln.dev` makes `previews` Kiln's).
 */
export function reservedSubdomainReason(
  subdomain: string,
  kilnLabels: readonly string[] = [],
): string | null {
  if (RESERVED_SUBDOMAINS.has(subdomain) || kilnLabels.includes(subdomain) || isReservedLdhLabel(subdomain)) {
    return `'${subdomain}' is reserved.`;
  }
  return null;
}
