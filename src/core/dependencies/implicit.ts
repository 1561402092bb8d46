/**
 * Packages a framework's build imports for the project rather than the project's own files
 * (issue 37). React Router's framework mode, and Remix's Vite build before it, render with their
 * default server entry when the app has no `entry.server.*`: it imports `isbot` and the Node
 * adapter, and the CLI refuses a project without the adapter in its dependencies and, lacking
 * isbot, runs `npm install` itself — which a build without network cannot. So both count as
 * imported; `create-react-router` declares them, a model's answer may not.
 */
const FLAVOURS = [
  { dev: '@react-router/dev', adapters: ['@react-router/node'], node: '@react-router/node' },
  {
    dev: '@remix-run/dev',
    // Remix also runs its default entry on Cloudflare's or Deno's adapter.
    adapters: ['@remix-run/node', '@remix-run/cloudflare', '@remix-run/deno'],
    node: '@remix-run/node',
  },
] as const;

const ENTRY_SERVER = /(?:^|\/)entry\.server\.(?:[cm]?[jt]sx?)$/;

/** The packages the framework's default server entry needs, for a project without its own entry. */
export function implicitPackages(fileNames: readonly string[], declared: ReadonlySet<string>): string[] {
  const flavour = FLAVOURS.find((candidate) => declared.has(candidate.dev));
  if (!flavour || fileNames.some((name) => ENTRY_SERVER.test(name))) return [];
  const adapter = flavour.adapters.some((name) => declared.has(name)) ? [] : [flavour.node];
  return [...adapter, 'isbot'];
}
