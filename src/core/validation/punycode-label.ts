import punycode from 'punycode/punycode.js';

/** Letters, marks, digits, symbols and hyphens: never a control, unassigned or private-use code point. */
const IDN_TEXT = /^[\p{L}\p{M}\p{N}\p{S}\p{Pd}]+$/u;

/**
 * Whether a DNS label is usable: an `xn--` label must be real punycode — it decodes, to text with
 * at least one non-ASCII character and only letters, marks, digits or symbols (`xn--a` is U+0080, a
 * control), that encodes back to the same label. URL parsers disagree on
 * the others (Node 20 refuses `xn--a`, Node 24 takes it), so Kiln refuses them itself (issue 21
 * fuzzing: a name one parser refuses breaks the deployment's address there).
 */
export function isValidPunycodeLabel(label: string): boolean {
  if (!label.toLowerCase().startsWith('xn--')) return true;
  const encoded = label.slice(4).toLowerCase();
  let decoded: string;
  try {
    decoded = punycode.decode(encoded);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(decoded) || !IDN_TEXT.test(decoded)) return false;
  try {
    return punycode.encode(decoded) === encoded;
  } catch {
    return false;
  }
}
