import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { PREVIEW_HOST_META, type PreviewHosts } from './src/core/preview/hosts.ts';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));

// In development the dev script runs the API on KILN_API_ORIGIN and Vite on the public port;
// the proxy keeps everything same-origin, so the session cookie stays host-only.
const apiOrigin = process.env.KILN_API_ORIGIN ?? 'http://localhost:3001';
// The preview host names (KILN_PREVIEW_HOST), passed on by the dev script.
const previewHosts = process.env.KILN_DEV_PREVIEW_HOSTS
  ? (JSON.parse(process.env.KILN_DEV_PREVIEW_HOSTS) as PreviewHosts)
  : null;
const isPreviewHost = (host: string) =>
  previewHosts
    ? [previewHosts.preview, previewHosts.webcontainer].some((name) =>
        host.toLowerCase().replace(/:\d+$/, '').endsWith(`.${name}`),
      )
    : /\.(preview|webcontainer)\./.test(host);

/**
 * Preview and deployment hosts ({chatId}-{version}.preview.localhost:PORT) are routed by the
 * Host header, which a path proxy cannot do: in development such requests go to the API as they are.
 */
function previewHostsToApi(): Plugin {
  const api = new URL(apiOrigin);
  return {
    name: 'kiln-preview-hosts',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (!isPreviewHost(req.headers.host ?? '')) return next();
        const upstream = http.request(
          { hostname: api.hostname, port: api.port, path: req.url, method: req.method, headers: req.headers },
          (response) => {
            res.writeHead(response.statusCode ?? 502, response.headers);
            response.pipe(res);
          },
        );
        upstream.on('error', () => {
          res.statusCode = 502;
          res.end('The Kiln API is not reachable.');
        });
        req.pipe(upstream);
      });
    },
    // The same tags the server writes into index.html (src/server/http/static.ts).
    transformIndexHtml: () =>
      previewHosts
        ? [
            { tag: 'meta', attrs: { name: PREVIEW_HOST_META.preview, content: previewHosts.preview } },
            {
              tag: 'meta',
              attrs: { name: PREVIEW_HOST_META.webcontainer, content: previewHosts.webcontainer },
            },
          ]
        : [],
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  plugins: [react(), tailwindcss(), previewHostsToApi()],
  build: {
    outDir: `${repoRoot}dist/web`,
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // React and the router change rarely: one long-cached chunk shared by every page.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiOrigin, ws: true },
      '/content': { target: apiOrigin },
      '/_kiln': { target: apiOrigin },
      '/placeholder.svg': { target: apiOrigin },
    },
  },
});
