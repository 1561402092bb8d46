import { describe, expect, it } from 'vitest';
import {
  filesRevision,
  buildPreviewDocument,
  findEntryHtml,
  resolveProjectPath,
  rewriteVendorUrls,
} from './html-document.ts';

const vendor = {
  tailwindScript: 'http://k/tw.js',
  daisyStylesheet: 'http://k/daisy.css',
  daisyThemesStylesheet: 'http://k/themes.css',
};

describe('HTML preview document', () => {
  it('points the CDN copies of Tailwind and daisyUI at local ones', () => {
    const html =
      '<link href="https://cdn.jsdelivr.net/npm/daisyui@5" rel="stylesheet"><script src="https://cdn.jsdelivr.net/npm/@tailwindcss/browser@4"></script><link href="https://cdn.jsdelivr.net/npm/daisyui@4/dist/full.min.css" rel="stylesheet"><script src="https://cdn.tailwindcss.com"></script>';
    expect(rewriteVendorUrls(html, vendor)).toBe(
      '<link href="http://k/daisy.css" rel="stylesheet"><script src="http://k/tw.js"></script><link href="http://k/daisy.css" rel="stylesheet"><script src="http://k/tw.js"></script>',
    );
  });

  it('resolves relative references between project files', () => {
    expect(resolveProjectPath('index.html', 'about.html')).toBe('about.html');
    expect(resolveProjectPath('pages/a.html', '../css/site.css?v=2')).toBe('css/site.css');
    expect(resolveProjectPath('pages/a.html', '/index.html#top')).toBe('index.html');
    expect(resolveProjectPath('index.html', 'https://example.com')).toBeNull();
    expect(resolveProjectPath('index.html', '../../x')).toBeNull();
  });

  it('inlines the project stylesheets and scripts and adds the navigation guard', () => {
    const files = [
      {
        name: 'index.html',
        content:
          '<html><head><link rel="stylesheet" href="style.css"></head><body><script type="module" src="./app.js"></script><script src="https://x.test/a.js"></script></body></html>',
      },
      { name: 'style.css', content: 'body{color:red}' },
      { name: 'app.js', content: 'console.log("</script>")' },
    ];
    const page = findEntryHtml(files);
    expect(page?.name).toBe('index.html');
    const html = buildPreviewDocument(files, page!, vendor);
    expect(html).toContain('<style data-file="style.css">body{color:red}</style>');
    expect(html).toContain('<script type="module" >console.log("<\\/script>")</script>');
    expect(html).toContain('<script src="https://x.test/a.js"></script>');
    expect(html.indexOf('data-kiln-preview')).toBeLessThan(html.indexOf('<style'));
    expect(html).not.toContain('themes.css');
  });

  it("maps daisyUI's themes-only stylesheet to the local themes", () => {
    const page = {
      name: 'index.html',
      content:
        '<html data-theme="dracula"><head><link href="https://cdn.jsdelivr.net/npm/daisyui@5/themes.css" rel="stylesheet"></head></html>',
    };
    expect(buildPreviewDocument([page], page, vendor)).toContain(
      '<link href="http://k/themes.css" rel="stylesheet">',
    );
  });

  it('prefers index.html, else the first HTML file', () => {
    expect(
      findEntryHtml([
        { name: 'b.html', content: '' },
        { name: 'x.js', content: '' },
      ])?.name,
    ).toBe('b.html');
    expect(findEntryHtml([{ name: 'x.js', content: '' }])).toBeNull();
  });

  it('fingerprints the files: a finished page reloads when one changes (a theme change), not otherwise', () => {
    const files = [
      { name: 'index.html', content: '<html data-theme="light">' },
      { name: 'app.js', content: 'x' },
    ];
    expect(filesRevision(files.map((file) => ({ ...file })))).toBe(filesRevision(files));
    const themed = [{ ...files[0]!, content: '<html data-theme="dracula">' }, files[1]!];
    expect(filesRevision(themed)).not.toBe(filesRevision(files));
    expect(filesRevision([{ name: 'index.htmlx', content: '' }])).not.toBe(
      filesRevision([{ name: 'index.html', content: 'x' }]),
    );
  });
});
