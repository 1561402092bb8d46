import { daisyNeutrals } from './daisy-neutrals.ts';

/**
 * The HTML framework's single `index.html`, shaped like templates/html/index.html: Tailwind's
 * browser build and daisyUI from the CDN, the theme on <html data-theme>.
 */
export function htmlDocument(title: string, markup: string, script?: string): string {
  const lines = [
    '<!doctype html>',
    '<html lang="en" data-theme="light">',
    '  <head>',
    '    <meta charset="UTF-8" />',
    '    <meta name="viewport" content="width=device-width, initial-scale=1.0" />',
    `    <title>${title.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</title>`,
    '    <link href="https://cdn.jsdelivr.net/npm/daisyui@5" rel="stylesheet" type="text/css" />',
    '    <script src="https://cdn.jsdelivr.net/npm/@tailwindcss/browser@4"></script>',
    '  </head>',
    '  <body class="min-h-screen bg-gray-50 text-gray-900">',
    '    <main class="min-h-screen">',
    markup,
    '    </main>',
  ];
  if (script) lines.push(scriptElement(script));
  lines.push('  </body>', '</html>', '');
  return daisyNeutrals(lines.join('\n'));
}

export function indent(text: string, spaces: number): string {
  const pad = ' '.repeat(spaces);
  return text
    .split('\n')
    .map((line) => (line.trim() === '' ? '' : pad + line))
    .join('\n');
}

/** An inline script, scoped in a block so several entries' scripts can share one page. */
export function scriptElement(script: string): string {
  return ['    <script>', '      {', indent(script.trim(), 8), '      }', '    </script>'].join('\n');
}
