/** Adds an import line to a module or a component's <script> block. */

function insertAfterLastImport(code: string, importLine: string, indent: string): string {
  const lines = code.split('\n');
  let last = -1;
  lines.forEach((line, index) => {
    if (/^\s*import\s/.test(line)) last = index;
  });
  if (last === -1) return `${indent}${importLine}\n${code.startsWith('\n') ? code.slice(1) : code}`;
  lines.splice(last + 1, 0, `${indent}${importLine}`);
  return lines.join('\n');
}

/** A .ts/.tsx module: after the last import, or first. */
export function addModuleImport(content: string, importLine: string): string {
  if (content.includes(importLine)) return content;
  const withImport = insertAfterLastImport(content, importLine, '');
  return /^\s*import\s/m.test(content) ? withImport : withImport.replace(importLine, `${importLine}\n`);
}

/** A .vue/.svelte component: into its instance <script> block, created when missing. */
export function addScriptImport(content: string, importLine: string, style: 'vue' | 'svelte'): string {
  if (content.includes(importLine)) return content;
  const open =
    style === 'vue'
      ? /<script\b[^>]*\bsetup\b[^>]*>/.exec(content)
      : /<script\b(?![^>]*module)[^>]*>/.exec(content);
  const indent = style === 'svelte' ? '  ' : '';
  if (!open) {
    const tag = style === 'vue' ? '<script setup lang="ts">' : '<script lang="ts">';
    return `${tag}\n${indent}${importLine}\n</script>\n\n${content}`;
  }
  const start = open.index + open[0].length;
  const end = content.indexOf('</script>', start);
  if (end === -1) return content;
  const body = content.slice(start, end);
  const nextBody = insertAfterLastImport(body.startsWith('\n') ? body : `\n${body}`, importLine, indent);
  const fixed = nextBody.startsWith('\n') ? nextBody : `\n${nextBody}`;
  return content.slice(0, start) + (fixed.endsWith('\n') ? fixed : `${fixed}\n`) + content.slice(end);
}

/** An Angular component class: adds `name` to `imports: [...]` of its @Component. */
export function addAngularComponentImport(content: string, className: string): string {
  const array = /(imports\s*:\s*\[)([^\]]*)\]/.exec(content);
  if (array) {
    const items = (array[2] ?? '').trim();
    if (new RegExp(`\\b${className}\\b`).test(items)) return content;
    const nextItems = items === '' ? className : `${items.replace(/,\s*$/, '')}, ${className}`;
    return content.replace(array[0], `${array[1]}${nextItems}]`);
  }
  return content.replace(/(@Component\(\{\s*\n?)/, `$1  imports: [${className}],\n`);
}
