import zlib from 'node:zlib';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUpUser } from './generation-helpers.ts';
import {
  createPreviewKiln,
  createVersion,
  previewHost,
  templateWith,
  waitForBuild,
  type TestKiln,
} from './preview-helpers.ts';

/**
 * Issue 17 item 2: a preview build marks elements with their source locations and its pages get
 * the Select tool's bridge; the zip and a deployment of the same version carry neither.
 */
const APP = [
  'export default function App() {',
  '  return (',
  '    <main>',
  '      <h1 className="title">Located heading</h1>',
  '    </main>',
  '  );',
  '}',
].join('\n');

function get(kiln: TestKiln, host: string, pathname = '/', headers: Record<string, string> = {}) {
  return kiln.app.request(`http://${host}${pathname}`, { headers: { host, ...headers } });
}

async function text(response: Response): Promise<string> {
  const bytes = Buffer.from(await response.arrayBuffer());
  return response.headers.get('content-encoding') === 'br'
    ? zlib.brotliDecompressSync(bytes).toString('utf8')
    : bytes.toString('utf8');
}

/** The page and its scripts, as a browser would load them from `host`. */
async function pageAndScripts(kiln: TestKiln, host: string): Promise<{ html: string; js: string }> {
  const html = await text(await get(kiln, host));
  const scripts = [...html.matchAll(/<script[^>]*\ssrc="\/?([^"]+\.js)"/g)].map((match) => `/${match[1]!}`);
  expect(scripts.length).toBeGreaterThan(0);
  const js = await Promise.all(scripts.map(async (script) => text(await get(kiln, host, script))));
  return { html, js: js.join('\n') };
}

describe('source locations in preview builds only (issue 17 item 2)', () => {
  let kiln: TestKiln;
  let owner: Awaited<ReturnType<typeof signedUpUser>>;

  beforeAll(async () => {
    kiln = await createPreviewKiln();
    kiln.services.preview.start();
    owner = await signedUpUser(kiln, { premium: true });
  });
  afterAll(async () => kiln?.close());

  it('React: the preview has data-kiln-loc and the bridge; the zip and the deployment do not', async () => {
    const { chatId, version } = await createVersion(kiln, {
      userId: owner.userId,
      framework: 'react',
      files: templateWith('react', { 'src/App.tsx': APP }),
    });
    await kiln.services.preview.requestBuild(chatId, version);
    expect(await waitForBuild(kiln, chatId, version)).toEqual({ status: 'ready' });

    const preview = await pageAndScripts(kiln, previewHost(chatId, version));
    expect(preview.js.includes('Located heading')).toBe(true);
    expect(preview.js.includes('"data-kiln-loc":`src/App.tsx:4:7`')).toBe(true);
    expect(preview.js.includes('"data-kiln-loc":`src/App.tsx:3:5`')).toBe(true);
    // The bridge posts to the app's origin, written into the page by the preview host.
    expect(preview.html).toContain('kiln-element-selected');
    expect(preview.html).toContain(JSON.stringify(kiln.services.config.publicUrl.replace(/\/$/, '')));

    const zip = await owner.client.request(`/api/chats/${chatId}/versions/${version}/zip`);
    expect(zip.status).toBe(200);
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(strFromU8(files['src/App.tsx']!)).toBe(APP);
    for (const [name, bytes] of Object.entries(files)) {
      expect(strFromU8(bytes), name).not.toContain('data-kiln-loc');
    }

    const deployed = await owner.client.request(`/api/chats/${chatId}/deployment`, {
      method: 'POST',
      json: { subdomain: 'located-react', version },
    });
    expect(deployed.status).toBe(200);
    const site = await pageAndScripts(kiln, 'located-react.localhost:3000');
    expect(site.js.includes('Located heading')).toBe(true);
    // Booleans: a failure here would otherwise print the whole bundle.
    expect(site.js.includes('data-kiln-loc')).toBe(false);
    expect(site.js.includes('src/App.tsx:')).toBe(false);
    expect(site.html.includes('kiln-element-selected')).toBe(false);
  });

  // The blank templates: each one's heading, at the place its template file has it.
  it.each([
    ['vue', 'src/App.vue:5:5'],
    ['svelte', 'src/App.svelte:4:3'],
    ['angular', 'src/app/app.html:2:3'],
  ])(
    '%s: the preview build marks the template heading (%s)',
    { timeout: 300_000 },
    async (framework, location) => {
      const { chatId, version } = await createVersion(kiln, {
        userId: owner.userId,
        framework,
        files: templateWith(framework, {}),
      });
      await kiln.services.preview.requestBuild(chatId, version);
      expect(await waitForBuild(kiln, chatId, version)).toEqual({ status: 'ready' });
      const preview = await pageAndScripts(kiln, previewHost(chatId, version));
      expect(preview.js.includes(location)).toBe(true);
      expect(preview.js.includes('data-kiln-loc')).toBe(true);
    },
  );

  it('HTML: the preview host serves the line map and the bridge; the deployment serves the page as written', async () => {
    const page = '<!doctype html>\n<html><body>\n  <h1>Plain heading</h1>\n</body></html>';
    const { chatId, version } = await createVersion(kiln, {
      userId: owner.userId,
      framework: 'html',
      files: [{ name: 'index.html', content: page }],
    });
    const preview = await text(await get(kiln, previewHost(chatId, version)));
    expect(preview).toContain('<h1 data-kiln-loc="index.html:3:3">Plain heading</h1>');
    expect(preview).toContain('kiln-element-selected');

    const deployed = await owner.client.request(`/api/chats/${chatId}/deployment`, {
      method: 'POST',
      json: { subdomain: 'located-html', version },
    });
    expect(deployed.status).toBe(200);
    const site = await text(await get(kiln, 'located-html.localhost:3000'));
    expect(site).toContain('<h1>Plain heading</h1>');
    expect(site).not.toContain('data-kiln-loc');
    expect(site).not.toContain('kiln-element-selected');
  });
});
