import { describe, expect, it } from 'vitest';
import type { SiteManifest } from './site-manifest.ts';
import { resolveSitePath } from './site-response.ts';

function site(paths: string[]): SiteManifest {
  const files = Object.fromEntries(paths.map((path) => [path, { hash: path, size: 1, type: 'text/html' }]));
  return { format: 1, files, headers: [] };
}

const answer = (manifest: SiteManifest, path: string) => {
  const resolved = resolveSitePath(manifest, path);
  return resolved && { path: resolved.path, status: resolved.status };
};

describe('which file of a deployed site answers a path', () => {
  it('serves the file, a folder page, x.html; client routes get index.html, files the 404 page', () => {
    const spa = site(['index.html', 'about/index.html', 'pricing.html', '404.html', 'assets/app.js']);
    expect(answer(spa, '/')).toEqual({ path: 'index.html', status: 200 });
    expect(answer(spa, '/about')).toEqual({ path: 'about/index.html', status: 200 });
    expect(answer(spa, '/pricing')).toEqual({ path: 'pricing.html', status: 200 });
    expect(answer(spa, '/users/42')).toEqual({ path: 'index.html', status: 200 });
    expect(answer(spa, '/missing.js')).toEqual({ path: '404.html', status: 404 });
  });

  it("answers client routes with React Router's __spa-fallback.html when the build wrote one (issue 37)", () => {
    // ssr: false with `/` prerendered: index.html is the home page's HTML, the fallback the shell.
    const prerendered = site(['index.html', 'about/index.html', '__spa-fallback.html', 'about.data']);
    expect(answer(prerendered, '/')).toEqual({ path: 'index.html', status: 200 });
    expect(answer(prerendered, '/about')).toEqual({ path: 'about/index.html', status: 200 });
    expect(answer(prerendered, '/users/42')).toEqual({ path: '__spa-fallback.html', status: 200 });
    expect(answer(prerendered, '/about.data')).toEqual({ path: 'about.data', status: 200 });
    expect(answer(prerendered, '/users.data')).toBeNull();
  });
});
