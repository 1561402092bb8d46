/** Small pages the preview hosts answer with when there is no built output to show. */
function page(title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${head}<title>${title}</title>
<style>body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font:15px/1.5 system-ui,sans-serif;color:#444;background:#fafafa}
main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.1rem;margin:0 0 .5rem;color:#111}pre{text-align:left;white-space:pre-wrap;font-size:12px;background:#fff;border:1px solid #eee;padding:1rem;max-height:50vh;overflow:auto}
.spinner{width:28px;height:28px;margin:0 auto 1rem;border:3px solid #ddd;border-top-color:#555;border-radius:50%;animation:s 1s linear infinite}@keyframes s{to{transform:rotate(360deg)}}</style></head>
<body><main>${body}</main></body></html>`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Shown while a version builds; it reloads itself until the output is there. */
export function buildingPage(step: string): string {
  return page(
    'Building preview…',
    `<div class="spinner"></div><h1>Building preview…</h1><p>${escapeHtml(step)}. This page refreshes by itself.</p>`,
    '<meta http-equiv="refresh" content="2">',
  );
}

export function buildErrorPage(title: string, description: string, log: string): string {
  return page(
    escapeHtml(title),
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(description)}</p>${log ? `<pre>${escapeHtml(log)}</pre>` : ''}`,
  );
}

export function notFoundPage(): string {
  return page(
    'Preview not found',
    '<h1>Preview not found</h1><p>This preview does not exist or is private.</p>',
  );
}

/** A path an HTML version has no file for. */
export function missingPage(): string {
  return page('Page not found', '<h1>Page not found</h1><p>This version has no file at this address.</p>');
}

export function tokenLimitPage(): string {
  return page(
    'Generation in progress',
    '<h1>Generation in progress</h1><p>The output was cut off by length. Continue the generation to see the preview.</p>',
  );
}

/** /placeholder.svg (spec §2): the image an HTML preview shows for output cut off by length. */
export const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300" role="img" aria-label="Placeholder image">
<rect width="400" height="300" fill="#e5e7eb"/>
<g fill="none" stroke="#9ca3af" stroke-width="8" stroke-linejoin="round" stroke-linecap="round">
<rect x="140" y="95" width="120" height="110" rx="8"/><circle cx="175" cy="130" r="10"/><path d="M145 195l40-40 25 25 20-20 25 35"/>
</g></svg>
`;

/** A cold app server (decision 0054): the page reloads itself until the server listens. */
export function startingPage(): string {
  return page(
    'Starting…',
    '<div class="spinner"></div><h1>Starting…</h1><p>Starting the app’s server. This page refreshes by itself.</p>',
    '<meta http-equiv="refresh" content="1">',
  );
}

/** The app server could not answer (crashed, stuck, not startable): its reason, never its log. */
export function appServerErrorPage(message: string): string {
  return page(
    'App server error',
    `<h1>App server error</h1><p>${escapeHtml(message)}</p><p>The owner sees the server’s output in the editor’s Logs view.</p>`,
  );
}
