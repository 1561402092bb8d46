import { describe, expect, it } from 'vitest';
import { addHtmlLocations } from './html.ts';

describe('addHtmlLocations', () => {
  it("marks the page's elements with their start tag's line and column, nothing else changes", () => {
    const html = [
      '<!doctype html>',
      '<html><head><title>x</title><script>if (a<b) {}</script></head>',
      '<BODY class="x">',
      '  <h1>Hi &amp; <b>you</b></h1>',
      '  <table><tr><td>1</td></tr></table>',
      '  <img src="a.png">',
      '</BODY></html>',
    ].join('\n');
    const out = addHtmlLocations(html, 'pages/about.html');
    expect(out).toContain('<BODY data-kiln-loc="pages/about.html:3:1" class="x">');
    expect(out).toContain(
      '<h1 data-kiln-loc="pages/about.html:4:3">Hi &amp; <b data-kiln-loc="pages/about.html:4:16">you</b></h1>',
    );
    // An implied <tbody> has no tag in the file: nothing to point at.
    expect(out).toContain(
      '<table data-kiln-loc="pages/about.html:5:3"><tr data-kiln-loc="pages/about.html:5:10">',
    );
    expect(out).toContain('<img data-kiln-loc="pages/about.html:6:3" src="a.png">');
    expect(out).toContain('<head><title>x</title><script>if (a<b) {}</script></head>');
    expect(out.replace(/ data-kiln-loc="[^"]*"/g, '')).toBe(html);
  });

  it('escapes the file name for the attribute', () => {
    expect(addHtmlLocations('<p>x</p>', 'a"b.html')).toContain('<p data-kiln-loc="a&quot;b.html:1:1">');
  });
});
