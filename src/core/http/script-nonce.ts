/**
 * `<meta name>` in the web app's index.html carrying the response's CSP script nonce. The app
 * itself needs none (no inline script); the one document it writes, a streaming HTML version in
 * a sandboxed srcdoc frame, inherits the app's policy, so its scripts carry this nonce.
 */
export const SCRIPT_NONCE_META = 'kiln-script-nonce';

/** Base64 characters only: a nonce is written into HTML attributes. */
export function isScriptNonce(value: string): boolean {
  return /^[A-Za-z0-9+/=_-]{16,}$/.test(value);
}
