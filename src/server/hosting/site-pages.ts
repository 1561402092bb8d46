/** The pages a site host answers with when there is no site to show. */
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font:15px/1.5 system-ui,sans-serif;color:#444;background:#fafafa}main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.25rem;margin:0 0 .5rem;color:#111}</style></head>
<body><main>${body}</main></body></html>`;

/** `{subdomain}.{KILN_HOST}` with no deployment (never deployed, or undeployed). */
export function notDeployedPage(): string {
  return page(
    'Not deployed',
    '<h1>Not deployed</h1><p>There is no application deployed at this address.</p>',
  );
}

/** A deployed site without a file at the address (and no 404.html of its own). */
export function siteNotFoundPage(): string {
  return page('Page not found', '<h1>Page not found</h1><p>This site has no page at this address.</p>');
}
