/**
 * The `api/` contract as the model is told it (issue 22 item 2, decision 0054, docs/functions.md):
 * an SPA's backend is ONE web-standard handler that Kiln bundles and runs in its sandbox. Written
 * once here so the system prompt states exactly what the runtime accepts.
 */
import type { Framework } from '../../../core/frameworks/index.ts';

export const API_ENTRY = 'api/index.ts';

/** The section of the system prompt on server code; '' for plain HTML (no package.json, no build). */
export function apiContract(framework: Framework): string {
  if (framework === 'html') return '';
  return `## Server code (\`api/\`)
When the app needs a server (a secret, a database reachable only from the server, sending e-mail,
payments), write it as ONE handler that Kiln runs next to the app:
- \`${API_ENTRY}\` default-exports a Hono app: \`import { Hono } from 'hono'; const app = new Hono();\`
  ... \`export default app;\`. It may import other files of \`api/\` and npm packages.
- Every route is under \`/api/\`: \`app.get('/api/entries', …)\`, \`app.post('/api/contact', …)\`
  (or \`new Hono().basePath('/api')\`). Every other path is the built frontend.
- Secrets and connection strings come from \`process.env.NAME\` (the names listed under the
  integrations), never from a file or a literal; validate request bodies and answer errors as JSON
  with a 4xx status.
- Declare \`hono\` and every package the handler imports (\`pg\`, \`nodemailer\`, …) in package.json.
- The frontend calls \`fetch('/api/…')\` on its own origin. Never import code from \`api/\` into
  the frontend, and never put a secret in frontend code.`;
}
