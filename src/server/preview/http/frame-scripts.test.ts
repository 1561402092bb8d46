import { describe, expect, it } from 'vitest';
import { withFrameScripts } from './frame-scripts.ts';

const PAGE =
  '<!doctype html>\n<html>\n<head>\n<title>t</title>\n</head>\n<body>\n<script>\nthrow 1;\n</script>\n</body>\n</html>\n';

describe('the frame scripts put into every preview page', () => {
  it('keep the page’s own line numbers (a runtime error’s index.html:8 is the author’s line 8)', () => {
    for (const editorOrigin of [undefined, 'http://localhost:3000']) {
      const served = withFrameScripts(PAGE, editorOrigin);
      expect(served.split('\n')).toHaveLength(PAGE.split('\n').length);
      expect(served.split('\n')[7]).toBe('throw 1;');
    }
  });

  it('are scripts that still parse on one line', () => {
    const served = withFrameScripts(PAGE, 'http://localhost:3000');
    const scripts = [...served.matchAll(/<script data-kiln-preview>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThanOrEqual(4);
    for (const script of scripts) expect(() => new Function(script)).not.toThrow();
  });
});
