import { isScriptNonce, SCRIPT_NONCE_META } from '../../../core/http/script-nonce.ts';

let nonce: string | null | undefined;

/**
 * The nonce the server put in this page's CSP and index.html (core/http/script-nonce.ts): read
 * once, and the tag removed so nothing else in the page finds it later.
 */
export function pageScriptNonce(): string | null {
  if (nonce !== undefined) return nonce;
  const meta =
    typeof document === 'undefined'
      ? null
      : document.querySelector<HTMLMetaElement>(`meta[name="${SCRIPT_NONCE_META}"]`);
  nonce = meta && isScriptNonce(meta.content) ? meta.content : null;
  meta?.remove();
  return nonce;
}

/** Every `<script` of a document written into a srcdoc frame gets the page's nonce. */
export function withScriptNonce(html: string, value: string | null): string {
  if (!value) return html;
  return html.replace(/<script\b/gi, `<script nonce="${value}"`);
}
