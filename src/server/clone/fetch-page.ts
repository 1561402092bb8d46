import type { EgressPolicy } from '../../core/net/index.ts';
import { safeFetch } from '../net/safe-fetch.ts';

/** The fallback path's page: its HTML, final address and stylesheets' text. */
export interface FetchedPage {
  html: string;
  url: string;
  css: string[];
}

export type FetchPage = (url: string) => Promise<FetchedPage>;

const PAGE_BYTES = 5 * 1024 * 1024;
const CSS_BYTES = 1024 * 1024;
const MAX_STYLESHEETS = 8;
const TIMEOUT_MS = 15_000;

/**
 * Fetches the page and its stylesheets through the SSRF guard (safeFetch: every hop and every
 * resolved address checked, bytes and time bounded). A stylesheet that fails is left out.
 */
export function createFetchPage(policy: EgressPolicy): FetchPage {
  return async (url) => {
    const response = await safeFetch(url, {
      ...policy,
      maxBytes: PAGE_BYTES,
      timeoutMs: TIMEOUT_MS,
      headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' },
    });
    if (response.status >= 400) throw new Error(`the page answered ${response.status}.`);
    if (response.contentType !== '' && !/html|xml|text\/plain/.test(response.contentType)) {
      throw new Error(`the address is not a web page (${response.contentType}).`);
    }
    const html = response.body.toString('utf8');
    // Loaded with the first clone: an idle or web-only process does not hold a DOM (~26 MB).
    const { parseHTML } = await import('linkedom');
    const { document } = parseHTML(html);
    const sheets = [...document.querySelectorAll('link[rel~="stylesheet"][href]')]
      .map((link) => {
        try {
          return new URL(link.getAttribute('href')!, response.url).href;
        } catch {
          return null;
        }
      })
      .filter((href): href is string => href !== null)
      .slice(0, MAX_STYLESHEETS);
    const css = await Promise.all(
      sheets.map((href) =>
        safeFetch(href, { ...policy, maxBytes: CSS_BYTES, timeoutMs: TIMEOUT_MS })
          .then((sheet) => (sheet.status < 400 ? sheet.body.toString('utf8') : ''))
          .catch(() => ''),
      ),
    );
    return { html, url: response.url, css: css.filter((text) => text !== '') };
  };
}
