import type { Extension } from '@codemirror/state';

/**
 * Syntax highlighting by file extension (html, css, js/jsx, ts/tsx, vue, svelte, json, md,
 * sql, env, and a few config formats). Each language is its own chunk, loaded when a file of
 * that kind is opened.
 */
export type LanguageId =
  | 'html'
  | 'css'
  | 'javascript'
  | 'jsx'
  | 'typescript'
  | 'tsx'
  | 'vue'
  | 'svelte'
  | 'json'
  | 'markdown'
  | 'sql'
  | 'env'
  | 'yaml'
  | 'toml'
  | 'shell';

const BY_EXTENSION: Readonly<Record<string, LanguageId>> = {
  html: 'html',
  htm: 'html',
  css: 'css',
  scss: 'css',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'jsx',
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'tsx',
  vue: 'vue',
  svelte: 'svelte',
  json: 'json',
  md: 'markdown',
  mdx: 'markdown',
  markdown: 'markdown',
  sql: 'sql',
  yaml: 'yaml',
  yml: 'yaml',
  toml: 'toml',
  sh: 'shell',
};

export function languageForPath(path: string): LanguageId | null {
  const base = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  if (base === '.env' || base.startsWith('.env.') || base.endsWith('.env')) return 'env';
  const dot = base.lastIndexOf('.');
  if (dot < 0) return null;
  return BY_EXTENSION[base.slice(dot + 1)] ?? null;
}

export async function loadLanguage(id: LanguageId): Promise<Extension> {
  switch (id) {
    case 'html':
      return (await import('@codemirror/lang-html')).html();
    case 'css':
      return (await import('@codemirror/lang-css')).css();
    case 'javascript':
      return (await import('@codemirror/lang-javascript')).javascript();
    case 'jsx':
      return (await import('@codemirror/lang-javascript')).javascript({ jsx: true });
    case 'typescript':
      return (await import('@codemirror/lang-javascript')).javascript({ typescript: true });
    case 'tsx':
      return (await import('@codemirror/lang-javascript')).javascript({ jsx: true, typescript: true });
    case 'vue':
      return (await import('@codemirror/lang-vue')).vue();
    case 'svelte':
      return (await import('@replit/codemirror-lang-svelte')).svelte();
    case 'json':
      return (await import('@codemirror/lang-json')).json();
    case 'markdown':
      return (await import('@codemirror/lang-markdown')).markdown();
    case 'sql':
      return (await import('@codemirror/lang-sql')).sql();
    case 'env': {
      const [{ StreamLanguage }, { properties }] = await Promise.all([
        import('@codemirror/language'),
        import('@codemirror/legacy-modes/mode/properties'),
      ]);
      return StreamLanguage.define(properties);
    }
    case 'yaml': {
      const [{ StreamLanguage }, { yaml }] = await Promise.all([
        import('@codemirror/language'),
        import('@codemirror/legacy-modes/mode/yaml'),
      ]);
      return StreamLanguage.define(yaml);
    }
    case 'toml': {
      const [{ StreamLanguage }, { toml }] = await Promise.all([
        import('@codemirror/language'),
        import('@codemirror/legacy-modes/mode/toml'),
      ]);
      return StreamLanguage.define(toml);
    }
    case 'shell': {
      const [{ StreamLanguage }, { shell }] = await Promise.all([
        import('@codemirror/language'),
        import('@codemirror/legacy-modes/mode/shell'),
      ]);
      return StreamLanguage.define(shell);
    }
  }
}
