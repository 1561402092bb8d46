/**
 * The folder of a built output that holds what its server needs (the `api/` handler's bundle, the
 * app manifest; decision 0054). It travels with the output (blob store, deployments) but is never
 * served: a request for anything under it is a 404 on previews and on sites.
 */
export const APP_FOLDER = '.kiln-app';

/** Whether a request's path segments name something in the app folder. */
export function isInAppFolder(parts: readonly string[]): boolean {
  return parts[0]?.toLowerCase() === APP_FOLDER;
}
