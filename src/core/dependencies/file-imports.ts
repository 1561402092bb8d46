/**
 * What one file of a project imports (issue 33 item 1), by its kind: JavaScript and TypeScript
 * (Angular's included), the script and style blocks of `.vue` and `.svelte` components,
 * stylesheets, the styles and scripts `angular.json` names from packages, and the plugins a
 * PostCSS config names. A stylesheet language also needs its preprocessor (`.scss` → sass).
 */
import { componentBlocks } from './component-blocks.ts';
import { propertyValues, topLevelKeys, topLevelStrings } from './config-text.ts';
import { scriptSpecifiers, type ScriptDialect } from './script-imports.ts';
import { preprocessorOf, styleSpecifiers } from './style-imports.ts';

export interface FileImport {
  specifier: string;
  kind: 'script' | 'style';
}

export interface FileImports {
  imports: FileImport[];
  /** Packages the file needs without naming them (`sass` for `.scss`). */
  preprocessors: string[];
}

const NONE: FileImports = { imports: [], preprocessors: [] };

const SCRIPT_DIALECTS: Record<string, ScriptDialect> = {
  js: { typescript: false, jsx: true },
  jsx: { typescript: false, jsx: true },
  mjs: { typescript: false, jsx: true },
  cjs: { typescript: false, jsx: true },
  ts: { typescript: true, jsx: false },
  mts: { typescript: true, jsx: false },
  cts: { typescript: true, jsx: false },
  tsx: { typescript: true, jsx: true },
};

const STYLE_EXTENSIONS = new Set(['css', 'pcss', 'postcss', 'scss', 'sass', 'less', 'styl']);
const POSTCSS_CONFIG = /(?:^|\/)(?:postcss\.config\.[cm]?[jt]s|\.postcssrc(?:\.json)?)$/i;

export function importsOfFile(name: string, content: string): FileImports {
  const extension = /\.([\w]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  if (/(?:^|\/)angular\.json$/i.test(name)) return { imports: angularAssets(content), preprocessors: [] };
  if (POSTCSS_CONFIG.test(name)) return { imports: postcssPlugins(name, content), preprocessors: [] };
  const dialect = SCRIPT_DIALECTS[extension];
  if (dialect) return { imports: scripts(content, dialect), preprocessors: [] };
  if (STYLE_EXTENSIONS.has(extension))
    return { imports: styles(content), preprocessors: needs(preprocessorOf(extension)) };
  if (extension === 'vue' || extension === 'svelte') {
    const imports: FileImport[] = [];
    const preprocessors: string[] = [];
    for (const block of componentBlocks(content)) {
      if (block.kind === 'script') {
        const typescript = block.lang === 'ts' || block.lang === 'tsx';
        for (const item of scripts(block.content, {
          typescript,
          jsx: block.lang === 'tsx' || block.lang === 'jsx',
        }))
          imports.push(item);
      } else {
        for (const item of styles(block.content)) imports.push(item);
        for (const item of needs(preprocessorOf(block.lang))) preprocessors.push(item);
      }
    }
    return { imports, preprocessors };
  }
  return NONE;
}

function scripts(code: string, dialect: ScriptDialect): FileImport[] {
  return scriptSpecifiers(code, dialect).map((specifier) => ({ specifier, kind: 'script' }));
}

function styles(css: string): FileImport[] {
  return styleSpecifiers(css).map((specifier) => ({ specifier, kind: 'style' }));
}

function needs(name: string | null): string[] {
  return name === null ? [] : [name];
}

/**
 * `"styles": ["node_modules/bootstrap/dist/css/bootstrap.min.css", "@angular/material/…css"]`:
 * entries in node_modules or under a scope. A plain `src/styles.css` is the project's own.
 */
function angularAssets(content: string): FileImport[] {
  let config: unknown;
  try {
    config = JSON.parse(content);
  } catch {
    return [];
  }
  const found: FileImport[] = [];
  const stack: unknown[] = [config];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object') continue;
    for (const [key, child] of Object.entries(value)) {
      if ((key === 'styles' || key === 'scripts') && Array.isArray(child)) {
        for (const entry of child) {
          const input = typeof entry === 'string' ? entry : (entry as { input?: unknown } | null)?.input;
          if (typeof input !== 'string') continue;
          const inModules = /^(?:\.\/)?node_modules\/(.+)$/.exec(input)?.[1];
          if (inModules) found.push({ specifier: inModules, kind: key === 'styles' ? 'style' : 'script' });
          else if (input.startsWith('@'))
            found.push({ specifier: input, kind: key === 'styles' ? 'style' : 'script' });
        }
      } else stack.push(child);
    }
  }
  return found;
}

/** `plugins: { tailwindcss: {}, autoprefixer: {} }`, `plugins: ['autoprefixer']` and its imports. */
function postcssPlugins(name: string, content: string): FileImport[] {
  const found: FileImport[] = /\.json$|rc$/i.test(name)
    ? []
    : scripts(content, { typescript: true, jsx: false });
  for (const body of propertyValues(content, 'plugins')) {
    const names = body.startsWith('{') ? topLevelKeys(body) : topLevelStrings(body);
    for (const specifier of names) found.push({ specifier, kind: 'script' });
  }
  return found;
}
