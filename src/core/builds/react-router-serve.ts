/**
 * The server a React Router (framework mode) or Remix build runs on (issue 37, decision 0064):
 * its serve package, which `create-react-router` declares but a project may not (a model's
 * answer, a project deployed elsewhere). Kiln then installs it beside the project's router at the
 * same range, so the two resolve to one version (the serve package pins its router peer), as it
 * adds SvelteKit's adapter; a project in SPA mode (`ssr: false`) needs no server.
 */

interface ServePackage {
  /** The framework's build tool, whose presence says the project is this flavour. */
  dev: string;
  serve: string;
  /** The packages whose range the serve package takes, in order (they move in lockstep). */
  sameVersionAs: readonly string[];
  /** The config that can say `ssr: false`. */
  config: RegExp;
}

const FLAVOURS: readonly ServePackage[] = [
  {
    dev: '@react-router/dev',
    serve: '@react-router/serve',
    sameVersionAs: ['react-router', '@react-router/node', '@react-router/dev'],
    config: /^react-router\.config\.(?:js|mjs|cjs|ts|mts|cts)$/,
  },
  {
    dev: '@remix-run/dev',
    serve: '@remix-run/serve',
    sameVersionAs: ['@remix-run/node', '@remix-run/react', '@remix-run/dev'],
    config: /^vite\.config\.(?:js|mjs|cjs|ts|mts|cts)$/,
  },
];

/** `ssr: false` (Remix 2.5's `unstable_ssr: false`): SPA mode, a static site. */
const SPA_MODE = /\b(?:unstable_)?ssr\s*:\s*false\b/;

/**
 * The serve package to install, or null when the project declares it, is no such project or
 * builds a static site.
 */
export function reactRouterServePackage(
  files: readonly { name: string; content: string }[],
  ranges: Readonly<Record<string, string>>,
): { name: string; range: string } | null {
  const flavour = FLAVOURS.find((candidate) => candidate.dev in ranges);
  if (!flavour || flavour.serve in ranges) return null;
  const config = files.find((file) => flavour.config.test(file.name));
  if (config && SPA_MODE.test(config.content)) return null;
  const range = flavour.sameVersionAs.map((name) => ranges[name]).find((value) => value !== undefined);
  return range ? { name: flavour.serve, range } : null;
}
