/** Spec §5 "Custom domain": lowercased, not empty, and (our rule) a syntactically valid host name. */
import { ERRORS, invalid, valid, type Validation } from '../errors.ts';
import { isValidPunycodeLabel } from './punycode-label.ts';

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const MAX_HOST_CHARS = 253;

/** Lowercased and trimmed; a pasted 'https://Example.com/path' becomes 'example.com'. */
export function normalizeCustomDomain(input: string): string {
  let host = input.trim().toLowerCase();
  host = host.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  host = host.replace(/[/?#].*$/, '');
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

/** At least two labels of 1–63 letters, digits or inner hyphens, at most 253 characters, a non-numeric TLD. */
export function isValidHostName(host: string): boolean {
  if (host.length === 0 || host.length > MAX_HOST_CHARS) return false;
  const labels = host.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((label) => LABEL.test(label))) return false;
  if (/^\d+$/.test(labels.at(-1) ?? '')) return false;
  return isHostReadAsItIs(host);
}

/**
 * Whether a URL parser reads the name unchanged (issue 21 fuzzing): `xn--a.com` is no valid
 * punycode (refused here: Node 20's `new URL` throws, Node 24's takes it) and `a.0x7f` ends in a
 * number, so it is an IPv4 address.
 */
export function isHostReadAsItIs(host: string): boolean {
  if (!host.split('.').every(isValidPunycodeLabel)) return false;
  try {
    return new URL(`http://${host}/`).hostname === host;
  } catch {
    return false;
  }
}

export function validateCustomDomain(input: string): Validation<string> {
  const domain = normalizeCustomDomain(input);
  if (domain === '') return invalid(ERRORS.domainRequired);
  if (!isValidHostName(domain)) return invalid(ERRORS.domainUnavailable());
  return valid(domain);
}
