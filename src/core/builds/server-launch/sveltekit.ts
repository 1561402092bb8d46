/**
 * SvelteKit (issue 22, decision 0054). With server code Kiln builds it with adapter-node
 * (sveltekit-static.ts), whose `build/` is the app's own Node server: `node build/index.js`,
 * which reads PORT and HOST. A SvelteKit build whose adapter wrote no server and no static site
 * (an adapter for another platform: Vercel, Cloudflare, Netlify) still has the app in
 * `.svelte-kit/output`, which the project's `vite preview` serves.
 */
import type { LaunchInput, LaunchRule, ServerLaunch } from './types.ts';

const KIT = '@sveltejs/kit';
/** What adapter-node writes: the server's entry and its request handler. */
const NODE_ENTRY = 'build/index.js';
const NODE_HANDLER = 'build/handler.js';
const KIT_SERVER = '.svelte-kit/output/server/index.js';
/** A static site the build wrote (adapter-static's `build/index.html`): no server needed. */
const STATIC_PAGE = /^(?!src\/|static\/|\.)[^/]+\/index\.html$/;
/** `vite preview`'s own options that the runtime decides. */
const HOST_PORT = /^--(?:host|port)(?:=|$)/;
const VITE_BIN = 'node_modules/vite/bin/vite.js';
/**
 * adapter-node takes the request's origin from the Host header and `https`, and refuses a form
 * POST (every action) whose Origin differs: behind Kiln's proxy, the origin is what its
 * x-forwarded-proto and x-forwarded-host say (the proxy sets both, overwriting the client's).
 */
const BEHIND_PROXY = { PROTOCOL_HEADER: 'x-forwarded-proto', HOST_HEADER: 'x-forwarded-host' };

export const sveltekitLaunch: LaunchRule = (input) => {
  if (!declares(input, KIT)) return null;
  if (input.files.has(NODE_ENTRY) && input.files.has(NODE_HANDLER)) {
    return {
      kind: 'node',
      command: ['node', NODE_ENTRY],
      label: 'SvelteKit adapter-node (node build)',
      env: BEHIND_PROXY,
    };
  }
  if (!input.files.has(KIT_SERVER)) return null;
  if ([...input.files].some((file) => STATIC_PAGE.test(file))) return null;
  return vitePreview(input.packageJson.scripts?.preview);
};

/**
 * The project's `vite preview` script as argv, on the loopback and the runtime's port
 * (`{PORT}`: a placeholder the runtime substitutes); null when the script is not `vite preview`.
 */
function vitePreview(script: string | undefined): ServerLaunch | null {
  const words = script?.trim().split(/\s+/) ?? [];
  if (words[0] !== 'vite' || words[1] !== 'preview') return null;
  const extra: string[] = [];
  for (let i = 2; i < words.length; i++) {
    const word = words[i]!;
    if (!HOST_PORT.test(word)) extra.push(word);
    // `--port 4173`: its value goes too.
    else if (!word.includes('=') && words[i + 1] && !words[i + 1]!.startsWith('-')) i++;
  }
  return {
    kind: 'node',
    command: ['node', VITE_BIN, 'preview', ...extra, '--host', '127.0.0.1', '--port', '{PORT}'],
    label: 'SvelteKit (vite preview)',
  };
}

function declares(input: LaunchInput, name: string): boolean {
  const { dependencies, devDependencies } = input.packageJson;
  return Boolean(dependencies?.[name] ?? devDependencies?.[name]);
}
