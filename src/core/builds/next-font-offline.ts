/**
 * next/font/google downloads its fonts during `next build`; builds have no network (decision
 * 0031), so Next's own mock hook answers instead: NEXT_FONT_GOOGLE_MOCKED_RESPONSES names a module
 * whose export maps each Google Fonts stylesheet URL to its CSS (read by both Turbopack, which
 * needs the exact URLs as keys, and webpack). Kiln writes that module into the workspace (never
 * the version): it finds the project's next/font/google calls, computes each URL with Next's own
 * helpers from the installed `next`, and answers @font-face rules whose source is the font
 * installed on the viewer's machine, else the metric-matched fallback Next always generates —
 * what `next dev` serves when Google Fonts cannot be reached. The class names and CSS variables
 * are Next's own; only the web font file is missing.
 */

/** Where the module is written, relative to the workspace (Kiln's home there, not the project). */
export const NEXT_FONT_MOCK_FILE = '.kiln-home/next-font-google.cjs';

/** The build step's environment entry for a workspace (the hook wants an absolute path). */
export function nextFontOfflineEnv(workspace: string): Record<string, string> {
  return { NEXT_FONT_GOOGLE_MOCKED_RESPONSES: `${workspace.replace(/\/+$/, '')}/${NEXT_FONT_MOCK_FILE}` };
}

/** The module's source (CommonJS; Turbopack bundles and runs it in Node, webpack requires it). */
export const NEXT_FONT_MOCK_SOURCE = String.raw`// Written by Kiln into the build workspace only: Google Fonts answers for next/font/google
// while the build has no network (see Kiln's src/core/builds/next-font-offline.ts).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { createRequire } = require('node:module');

const mockFile = process.env.NEXT_FONT_GOOGLE_MOCKED_RESPONSES || '';
const root = mockFile ? path.dirname(path.dirname(mockFile)) : '';
const SKIP = new Set(['node_modules', '.next', '.kiln-home', '.git', 'out', 'public']);
const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
const IMPORT = /import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]next\/font\/google['"]/g;

function google(name) {
  return createRequire(path.join(root, 'package.json'))('next/dist/compiled/@next/font/dist/google/' + name);
}

function sources(dir, depth, found) {
  if (depth > 8) return found;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sources(full, depth + 1, found);
    else if (entry.isFile() && SOURCE.test(entry.name)) found.push(full);
  }
  return found;
}

/** The argument text of each call name(...) in a source file (strings skipped over). */
function callArguments(text, name) {
  const calls = [];
  const call = new RegExp('(?<![\\w$.])' + name.replace(/\$/g, '\\$') + '\\s*\\(', 'g');
  for (let match = call.exec(text); match; match = call.exec(text)) {
    let depth = 1;
    let index = call.lastIndex;
    let quote = null;
    for (; index < text.length && depth > 0; index++) {
      const char = text[index];
      if (quote) {
        if (char === '\\') index++;
        else if (char === quote) quote = null;
      } else if (char === '"' || char === "'" || char === String.fromCharCode(96)) quote = char;
      else if (char === '(') depth++;
      else if (char === ')') depth--;
    }
    if (depth === 0) calls.push(text.slice(call.lastIndex, index - 1));
  }
  return calls;
}

function fontFaces(font) {
  const axes = (google('font-data.json')[font.fontFamily] || {}).axes || [];
  const wght = axes.find((axis) => axis.tag === 'wght');
  const faces = [];
  for (const style of font.styles) {
    for (const weight of font.weights) {
      const fontWeight = weight === 'variable' ? (wght ? wght.min + ' ' + wght.max : '400') : weight;
      faces.push(
        '@font-face {\n' +
          "  font-family: '" + font.fontFamily + "';\n" +
          '  font-style: ' + style + ';\n' +
          '  font-weight: ' + fontWeight + ';\n' +
          '  font-display: ' + font.display + ';\n' +
          "  src: local('" + font.fontFamily + "');\n" +
          '}\n',
      );
    }
  }
  return faces.join('');
}

function responses() {
  const answers = {};
  if (!root) return answers;
  for (const file of sources(root, 0, [])) {
    const text = fs.readFileSync(file, 'utf8');
    if (!text.includes('next/font/google')) continue;
    for (const [, list] of text.matchAll(IMPORT)) {
      for (const specifier of list.split(',')) {
        const [imported, local = imported] = specifier.trim().split(/\s+as\s+/);
        if (!imported) continue;
        for (const argumentText of callArguments(text, local)) {
          try {
            // next/font accepts literal options only, so a call's argument text is plain data.
            const [options] = Function('"use strict"; return [' + argumentText + '];')();
            const font = google('validate-google-font-function-call').validateGoogleFontFunctionCall(imported, options);
            const axes = google('get-font-axes').getFontAxes(font.fontFamily, font.weights, font.styles, font.selectedVariableAxes);
            answers[google('get-google-fonts-url').getGoogleFontsUrl(font.fontFamily, axes, font.display)] = fontFaces(font);
          } catch {
            // Not a call Next accepts: next build reports it with its own message.
          }
        }
      }
    }
  }
  return answers;
}

module.exports = responses();
`;
