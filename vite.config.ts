import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));

// In development the dev script runs the API on KILN_API_ORIGIN and Vite on the public port;
// the proxy keeps everything same-origin, so the session cookie stays host-only.
const apiOrigin = process.env.KILN_API_ORIGIN ?? 'http://localhost:3001';

export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  plugins: [react(), tailwindcss()],
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
    },
  },
});
