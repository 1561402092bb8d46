/**
 * Spec §1 "clone": a prompt that is a website's address ('https://example.com', or 'Clone a
 * website https://example.com' / 'clone example.com') starts a clone instead of a generation.
 * A URL inside a longer request ("a page like https://x.com but green") stays a normal prompt.
 */
const CLONE_WORDS =
  /^(?:please\s+)?(?:clone|copy|recreate|replicate)(?:\s+(?:a|the|this))?(?:\s+(?:website|site|page|web\s*page))?\s*:?\s*/i;
const HOST_LIKE = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/** The address to clone, normalised (https:// added to a bare host), or null. */
export function detectCloneUrl(prompt: string): string | null {
  const text = prompt.trim().replace(CLONE_WORDS, '').trim();
  if (text === '' || /\s/.test(text)) return null;
  const candidate = /^https?:\/\//i.test(text) ? text : HOST_LIKE.test(text) ? `https://${text}` : null;
  if (candidate === null) return null;
  return parseCloneUrl(candidate);
}

/** An http(s) address with a host, normalised; null otherwise (no credentials in it). */
export function parseCloneUrl(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hostname === '' || url.username !== '' || url.password !== '') return null;
  url.hash = '';
  return url.href;
}
