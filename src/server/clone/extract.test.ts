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

  it('reads the lead, the sections with their texts, prices and buttons, and the footer (issue 35 item 8)', () => {
    const page = extractPage({
      url: 'https://shop.test/',
      html: `<html><body>
<header><button aria-expanded="false">Menu</button><nav><a href="/">Home</a></nav></header>
<main><div class="hero"><h1>Fresh bread</h1><p class="subtitle">Baked by hand <em>every</em> morning.</p>
<a class="btn btn-primary" href="/order">Order now</a></div>
<section class="card"><h2>Sourdough</h2><p>Thirty-six hours of rising.</p><p class="price">$12</p></section>
<div class="card"><div class="title"><h3>Club</h3></div>A loaf a week, from €9.99/mo.<ul><li>Free</li><li>delivery</li></ul>
<button type="button">Join</button></div>
<article><h2>News</h2><footer>Posted today</footer></article></main>
<footer><p>© 2024 Shop</p><nav><h2>More</h2><a href="/a">A</a></nav></footer>
</body></html>`,
    });
    expect(page.content).toEqual({
      lead: 'Baked by hand every morning.',
      sections: [
        { level: 2, heading: 'Sourdough', text: 'Thirty-six hours of rising.', prices: ['$12'], buttons: [] },
        {
          level: 3,
          heading: 'Club',
          text: 'A loaf a week, from €9.99/mo. Free delivery',
          prices: ['€9.99/mo'],
          buttons: ['Join'],
        },
        { level: 2, heading: 'News', text: '', prices: [], buttons: [] },
      ],
      buttons: ['Order now', 'Join'],
      footer: '© 2024 Shop More A',
    });
  });

  it("reads the parts' colours from the cascade: the header's own, the body's, a button's", () => {
    const html = `<html><head><style>
:root { --brand: #7c4a2d }
body { background: #fdf6e3; color: #1c1917 }
header { background: transparent }
.site-header > .bar { background-color: var(--brand, #000) }
@media (min-width: 600px) { .bar { padding: 8px } }
.button { background: #b45309 }
.button:hover { background: #92400e }
</style></head><body>
<header class="site-header"><div class="bar"><a href="/">Home</a></div></header>
<main><h1>Hi</h1><a class="button" href="/x">Go</a></main></body></html>`;
    const page = extractPage({ html, url: 'https://shop.test/' });
    expect(page.palette).toEqual({
      header: '#7c4a2d',
      background: '#fdf6e3',
      text: '#1c1917',
      accent: '#b45309',
    });
    // An inline style beats the stylesheet; what the browser measured beats both.
    const inline = extractPage({
      html: html.replace('<div class="bar">', '<div class="bar" style="background: rgb(10, 20, 30)">'),
      url: 'https://shop.test/',
    });
    expect(inline.palette.header).toBe('#0a141e');
    const measured = extractPage({
      html,
      url: 'https://shop.test/',
      computed: {
        colors: [],
        fonts: [],
        palette: { header: '#123456', background: null, text: null, accent: null },
      },
    });
    expect(measured.palette).toMatchObject({ header: '#123456', background: '#fdf6e3' });
  });
});
