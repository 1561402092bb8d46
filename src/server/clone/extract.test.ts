import { describe, expect, it } from 'vitest';
import { extractPage, normalizeColor } from './extract.ts';

const HTML = `<!doctype html><html><head><title>Shop</title>
<style>body { font-family: 'Lora', serif; color: #333; background: rgb(250, 250, 250) }</style></head>
<body onload="steal()"><h1>Welcome</h1><nav><a href="/a">A page</a><a href="https://x.org/">X</a></nav>
<article><h2>News</h2><p>This is a long enough paragraph of news for the article extraction to find it worth keeping around.</p>
<p>And a second paragraph, also long enough, so Readability sees the article as the page's main content.</p></article>
<img src="img/cat.png"><img src="data:image/png;base64,AAAA"><script>steal()</script></body></html>`;

describe('extractPage', () => {
  it('reads title, headings, links, images, colours and fonts, and cleans the HTML', () => {
    const page = extractPage({ html: HTML, url: 'https://shop.test/dir/', css: ['h1 { color: #333333 }'] });
    expect(page.title).toBe('Shop');
    expect(page.headings).toEqual([
      { level: 1, text: 'Welcome' },
      { level: 2, text: 'News' },
    ]);
    expect(page.links).toEqual([
      { text: 'A page', href: 'https://shop.test/a' },
      { text: 'X', href: 'https://x.org/' },
    ]);
    expect(page.images).toEqual(['https://shop.test/dir/img/cat.png']);
    expect(page.colors).toEqual(['#333333', '#fafafa']);
    expect(page.fonts).toEqual(['Lora']);
    expect(page.html).not.toMatch(/<script|onload/);
    expect(page.markdown).toContain('This is a long enough paragraph of news');
  });

  it('normalises colours', () => {
    expect(normalizeColor('#ABC')).toBe('#aabbcc');
    expect(normalizeColor('rgba(0, 0, 0, 0)')).toBeNull();
    expect(normalizeColor('rgb(255, 0, 16)')).toBe('#ff0010');
  });
});
