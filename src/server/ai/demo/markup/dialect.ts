/**
 * The template languages the demo writes Tailwind markup in. One authored HTML fragment is
 * rendered into each; they differ in attribute names, which characters open an expression in
 * text, and how a void element closes.
 */
export type Dialect = 'html' | 'jsx' | 'vue' | 'svelte' | 'angular';

const TEXT_ESCAPES: Record<Dialect, Readonly<Record<string, string>>> = {
  html: { '&': '&amp;', '<': '&lt;', '>': '&gt;' },
  // JSX text: `{`/`}` open expressions; entities are decoded as in HTML.
  jsx: { '&': '&amp;', '<': '&lt;', '>': '&gt;', '{': '&#123;', '}': '&#125;' },
  // Vue: only `{{` interpolates, but escaping every brace is simpler and still correct.
  vue: { '&': '&amp;', '<': '&lt;', '>': '&gt;', '{': '&#123;', '}': '&#125;' },
  svelte: { '&': '&amp;', '<': '&lt;', '>': '&gt;', '{': '&#123;', '}': '&#125;' },
  // Angular: braces are ICU/interpolation, `@` starts a control-flow block (v17+).
  angular: { '&': '&amp;', '<': '&lt;', '>': '&gt;', '{': '&#123;', '}': '&#125;', '@': '&#64;' },
};

const ATTRIBUTE_ESCAPES: Record<Dialect, Readonly<Record<string, string>>> = {
  html: { '&': '&amp;', '"': '&quot;' },
  jsx: { '&': '&amp;', '"': '&quot;' },
  vue: { '&': '&amp;', '"': '&quot;' },
  svelte: { '&': '&amp;', '"': '&quot;', '{': '&#123;', '}': '&#125;' },
  angular: { '&': '&amp;', '"': '&quot;', '{': '&#123;', '}': '&#125;' },
};

function escapeWith(table: Readonly<Record<string, string>>, value: string): string {
  let out = '';
  for (const char of value) out += table[char] ?? char;
  return out;
}

export function escapeText(dialect: Dialect, text: string): string {
  const escaped = escapeWith(TEXT_ESCAPES[dialect], text);
  // Angular decodes entities before it looks for interpolations: `&#123;&#123; a &#125;&#125;`
  // is still `{{ a }}`. An empty comment between two braces keeps them apart (and renders nothing).
  return dialect === 'angular' ? escaped.replace(/&#123;(?=&#123;)/g, '&#123;<!---->') : escaped;
}

export function escapeAttributeValue(dialect: Dialect, value: string): string {
  return escapeWith(ATTRIBUTE_ESCAPES[dialect], value);
}

const JSX_ATTRIBUTE_NAMES: Readonly<Record<string, string>> = {
  class: 'className',
  for: 'htmlFor',
  tabindex: 'tabIndex',
  readonly: 'readOnly',
  maxlength: 'maxLength',
  autocomplete: 'autoComplete',
  colspan: 'colSpan',
  rowspan: 'rowSpan',
};

export function attributeName(dialect: Dialect, name: string): string {
  return dialect === 'jsx' ? (JSX_ATTRIBUTE_NAMES[name] ?? name) : name;
}

/**
 * Which dialect a project file's markup is written in, or undefined for files without markup.
 * Angular keeps templates in `.html` files beside the component (or inline in the `.ts`).
 */
export function dialectOfFile(path: string, framework: string): Dialect | undefined {
  const lower = path.toLowerCase();
  if (lower.endsWith('.tsx') || lower.endsWith('.jsx')) return 'jsx';
  if (lower.endsWith('.vue')) return 'vue';
  if (lower.endsWith('.svelte')) return 'svelte';
  if (
    framework === 'angular' &&
    (lower.endsWith('.html') || lower.endsWith('.ts')) &&
    lower.startsWith('src/app/')
  )
    return 'angular';
  if (lower.endsWith('.html') || lower.endsWith('.htm')) return 'html';
  return undefined;
}
