import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKiln } from './test-app.ts';

/**
 * HTML versions run in an opaque origin (the canvas's sandboxed frame, the CSP sandbox of
 * /content): the browser loads Kiln's Tailwind/daisyUI copies for them only when they allow any
 * origin. Everything else keeps same-origin.
 */
describe('the vendor copies HTML previews load', () => {
  let kiln: Awaited<ReturnType<typeof createTestKiln>>;
  beforeAll(async () => {
    kiln = await createTestKiln();
  });
  afterAll(async () => kiln.close());

  it.each(['tailwindcss-browser.js', 'daisyui.css', 'daisyui-themes.css'])(
    '/_kiln/vendor/%s may be loaded by an opaque origin',
    async (name) => {
      const response = await kiln.app.request(`/_kiln/vendor/${name}`, { headers: { origin: 'null' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    },
  );

  it("keeps same-origin on the app's own responses", async () => {
    for (const pathname of ['/api/health', '/api/me', '/components/x', '/assets/index.js']) {
      const response = await kiln.app.request(pathname);
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    }
    expect((await kiln.app.request('/_kiln/vendor/nope.js')).status).toBe(404);
  });
});
