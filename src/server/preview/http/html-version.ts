import type { Framework } from '../../../core/frameworks/index.ts';
import { PREVIEW_BLOCKED_MESSAGE } from '../../../core/preview/frame-messages.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { MissingAssetError, withBlobBytes } from '../blob-files.ts';
import type { ProjectFile } from '../content-hash.ts';
import { projectFiles, type PreviewVersion } from '../versions.ts';
import { rewriteCdnReferences, vendorFile, VENDOR_PREFIX } from './cdn-map.ts';
import { contentTypeOf } from './content-types.ts';
import { missingPage, PLACEHOLDER_SVG } from './pages.ts';

export interface HtmlVersionDeps {
  templateFiles: (framework: Framework) => Promise<ProjectFile[]>;
  /** Where the bytes of the version's binary files are (decision 0039). */
  blobs: BlobStore;
}

export interface HtmlResponse {
  status: 200 | 404;
  body: string | Uint8Array;
  headers: Record<string, string>;
}

/**
 * Posts external link clicks to the editor instead of following them, when the page is framed
 * (spec §2 "Fullscreen": external links are blocked). A convenience, not a boundary: the page
 * runs on an origin of its own, which is what keeps it away from the app.
 */
const LINK_GUARD = `<script data-kiln-preview>(function(){if(window.parent===window)return;
document.addEventListener('click',function(e){var t=e.target;var a=t&&t.closest?t.closest('a[href]'):null;if(!a)return;
var u;try{u=new URL(a.href,location.href)}catch(x){return}if(u.origin===location.origin)return;
e.preventDefault();try{parent.postMessage({type:'${PREVIEW_BLOCKED_MESSAGE}',href:a.getAttribute('href')},'*')}catch(x){}},true);})();</script>`;

/**
 * A framed preview is a third party to the editor: a browser that blocks third-party storage
 * (Chrome with third-party cookies blocked, incognito windows) denies it localStorage and
 * sessionStorage, and a page that saves its data throws on its first line. There, each gets an
 * in-memory Storage for the page's life, so the app works (without keeping its data across
 * reloads — opened in its own tab it keeps them).
 */
const STORAGE_FALLBACK = `<script data-kiln-preview>(function(){if(window.parent===window)return;
['localStorage','sessionStorage'].forEach(function(name){try{window[name].length;return}catch(x){}
var d=new Map();var s={get length(){return d.size},key:function(i){var k=Array.from(d.keys())[i];return k===undefined?null:k},
getItem:function(k){k=String(k);return d.has(k)?d.get(k):null},setItem:function(k,v){d.set(String(k),String(v))},
removeItem:function(k){d.delete(String(k))},clear:function(){d.clear()}};
try{Object.defineProperty(window,name,{value:s,configurable:true})}catch(x){}});})();</script>`;

const FRAME_SCRIPTS = STORAGE_FALLBACK + LINK_GUARD;

const NO_CACHE = { 'cache-control': 'no-cache' };

/**
 * One request to an HTML version on its preview host (decision 0038): the snapshot's files
 * completed with the blank HTML template, `index.html` for `/`, `x.html` for `/x`,
 * `x/index.html` for a folder, Kiln's Tailwind/daisyUI copies under `/_kiln/vendor/` (the
 * addresses CDN references are rewritten to) and `/placeholder.svg`; a 404 page otherwise.
 */
export async function serveHtmlVersion(
  version: PreviewVersion,
  requestPath: string,
  deps: HtmlVersionDeps,
): Promise<HtmlResponse> {
  const notFound: HtmlResponse = {
    status: 404,
    body: missingPage(),
    headers: { 'content-type': 'text/html; charset=utf-8', ...NO_CACHE },
  };
  const path = decodePath(requestPath)?.replace(/^\/+/, '');
  if (path === undefined) return notFound;

  if (`/${path}`.startsWith(VENDOR_PREFIX)) {
    const vendored = vendorFile(path.slice(VENDOR_PREFIX.length - 1));
    if (!vendored) return notFound;
    return {
      status: 200,
      body: vendored.body,
      headers: { 'content-type': vendored.type, 'cache-control': 'public, max-age=86400' },
    };
  }

  const file = findFile(projectFiles(version, await deps.templateFiles('html')), path);
  if (!file) {
    if (path === 'placeholder.svg') {
      return {
        status: 200,
        body: PLACEHOLDER_SVG,
        headers: { 'content-type': 'image/svg+xml', ...NO_CACHE },
      };
    }
    return notFound;
  }
  const type = contentTypeOf(file.name);
  const headers = { 'content-type': type, ...NO_CACHE };
  if (file.blob && !file.bytes) {
    try {
      const [withBytes] = await withBlobBytes([file], deps.blobs);
      return { status: 200, body: withBytes!.bytes!, headers };
    } catch (error) {
      if (error instanceof MissingAssetError) return notFound;
      throw error;
    }
  }
  if (file.bytes) return { status: 200, body: file.bytes, headers };
  if (!type.startsWith('text/html')) return { status: 200, body: file.content, headers };
  return { status: 200, body: withFrameScripts(rewriteCdnReferences(file.content)), headers };
}

/** A URL path decoded, or undefined when it holds a malformed percent-escape (`%E0%A4%A`). */
export function decodePath(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

function findFile(files: readonly ProjectFile[], path: string): ProjectFile | undefined {
  const byName = new Map(files.map((file) => [file.name.replace(/^\.\//, ''), file]));
  const candidates =
    path === '' ? ['index.html'] : [path, `${path}.html`, `${path.replace(/\/$/, '')}/index.html`];
  for (const name of candidates) {
    const file = byName.get(name);
    if (file) return file;
  }
  return undefined;
}

/** The frame scripts first in <head> (or after <html> / the doctype: before it would mean quirks mode). */
function withFrameScripts(html: string): string {
  const anchor = /<head\b[^>]*>/i.exec(html) ?? /<html\b[^>]*>/i.exec(html) ?? /<!doctype[^>]*>/i.exec(html);
  if (!anchor) return FRAME_SCRIPTS + html;
  const at = anchor.index + anchor[0].length;
  return html.slice(0, at) + FRAME_SCRIPTS + html.slice(at);
}
