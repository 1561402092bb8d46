import { PREVIEW_BLOCKED_MESSAGE, PREVIEW_NAVIGATE_MESSAGE } from '../../../core/preview/frame-messages.ts';
import type { VendorUrls } from './vendor-assets.ts';

export interface PreviewFile {
  name: string;
  content: string;
}

export { PREVIEW_BLOCKED_MESSAGE as BLOCKED_MESSAGE, PREVIEW_NAVIGATE_MESSAGE as NAVIGATE_MESSAGE };

/**
 * Runs inside the sandboxed frame: links to generated files are handed to the page (which
 * swaps the document), external links and form posts are blocked (spec §2 "Fullscreen").
 */
const NAVIGATION_GUARD = `<script data-kiln-preview>(function(){
function post(type,href){try{parent.postMessage({type:type,href:href},'*')}catch(e){}}
document.addEventListener('click',function(e){
var t=e.target;var a=t&&t.closest?t.closest('a[href]'):null;if(!a)return;
var href=a.getAttribute('href')||'';if(href===''||href.charAt(0)==='#')return;
e.preventDefault();
if(/^([a-z][a-z0-9+.-]*:|\\/\\/)/i.test(href)){post('${PREVIEW_BLOCKED_MESSAGE}',href);return;}
post('${PREVIEW_NAVIGATE_MESSAGE}',href);
},true);
document.addEventListener('submit',function(e){e.preventDefault();},true);
})();</script>`;

const CDN_STYLESHEET = /https?:\/\/cdn\.jsdelivr\.net\/npm\/daisyui@[^"'\s)]*/gi;
const CDN_TAILWIND =
  /https?:\/\/(?:cdn\.jsdelivr\.net\/npm\/@tailwindcss\/browser@[^"'\s)]*|cdn\.tailwindcss\.com[^"'\s)]*)/gi;
const THEMES_ONLY = /https?:\/\/cdn\.jsdelivr\.net\/npm\/daisyui@[^"'\s)]*\/themes\.css/gi;

/** Points the CDN addresses generated pages use at Kiln's own copies. */
export function rewriteVendorUrls(html: string, vendor: VendorUrls): string {
  return html
    .replace(THEMES_ONLY, vendor.daisyThemesStylesheet)
    .replace(CDN_STYLESHEET, vendor.daisyStylesheet)
    .replace(CDN_TAILWIND, vendor.tailwindScript);
}

function isExternal(href: string): boolean {
  return /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(href);
}

/** The project path a relative reference from `fromFile` points to ('' when it leaves the project). */
export function resolveProjectPath(fromFile: string, href: string): string | null {
  if (isExternal(href)) return null;
  const clean = href.split(/[?#]/)[0] ?? '';
  if (clean === '') return null;
  const segments = clean.startsWith('/') ? [] : fromFile.split('/').slice(0, -1);
  for (const part of clean.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (segments.length === 0) return null;
      segments.pop();
    } else {
      segments.push(decodeURIComponentSafe(part));
    }
  }
  return segments.join('/');
}

function decodeURIComponentSafe(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/**
 * A short fingerprint (FNV-1a) of the files' names and contents. A finished version on its
 * preview host reloads when it changes: a theme change rewrites index.html in place.
 */
export function filesRevision(files: readonly PreviewFile[]): string {
  let hash = 0x811c9dc5;
  for (const file of files) {
    for (const text of [file.name, '\0', file.content, '\0']) {
      for (let index = 0; index < text.length; index++) {
        hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
      }
    }
  }
  return (hash >>> 0).toString(36);
}

/** The page to show first: index.html at the root, else the first HTML file. */
export function findEntryHtml(files: readonly PreviewFile[]): PreviewFile | null {
  return (
    files.find((file) => file.name === 'index.html') ??
    files.find((file) => /\.html?$/i.test(file.name)) ??
    null
  );
}

const LINK_TAG = /<link\b[^>]*>/gi;
const SCRIPT_SRC_TAG = /<script\b([^>]*)\bsrc\s*=\s*("([^"]*)"|'([^']*)')([^>]*)>\s*<\/script>/gi;

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[2] ?? match[3] ?? match[4] ?? '') : null;
}

/** `</script` and `</style` inside inlined code would end the element early. */
function escapeClosing(code: string, tag: 'script' | 'style'): string {
  return code.replace(new RegExp(`</${tag}`, 'gi'), `<\\/${tag}`);
}

/**
 * The document a srcdoc frame shows for one HTML file of a snapshot: stylesheets and scripts
 * of the project are inlined (a srcdoc frame cannot fetch relative files), CDN addresses point
 * at Kiln's copies (daisyUI's with every theme), and the navigation guard is added first in <head>.
 */
export function buildPreviewDocument(
  files: readonly PreviewFile[],
  page: PreviewFile,
  vendor: VendorUrls,
): string {
  const byName = new Map(files.map((file) => [file.name, file]));
  let html = page.content;

  html = html.replace(LINK_TAG, (tag) => {
    const rel = attribute(tag, 'rel');
    const href = attribute(tag, 'href');
    if (!href || rel?.toLowerCase() !== 'stylesheet' || isExternal(href)) return tag;
    const path = resolveProjectPath(page.name, href);
    const file = path === null ? undefined : byName.get(path);
    return file ? `<style data-file="${path}">${escapeClosing(file.content, 'style')}</style>` : tag;
  });

  html = html.replace(
    SCRIPT_SRC_TAG,
    (tag, before: string, _quoted: string, double?: string, single?: string, after?: string) => {
      const src = double ?? single ?? '';
      if (isExternal(src)) return tag;
      const path = resolveProjectPath(page.name, src);
      const file = path === null ? undefined : byName.get(path);
      if (!file) return tag;
      return `<script${before}${after ?? ''}>${escapeClosing(file.content, 'script')}</script>`;
    },
  );

  html = rewriteVendorUrls(html, vendor);
  const head = /<head\b[^>]*>/i.exec(html);
  if (head) {
    const at = head.index + head[0].length;
    return html.slice(0, at) + NAVIGATION_GUARD + html.slice(at);
  }
  return NAVIGATION_GUARD + html;
}
