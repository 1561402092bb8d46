import type { Framework } from '../../../core/frameworks/index.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { MissingAssetError, withBlobBytes } from '../blob-files.ts';
import type { ProjectFile } from '../content-hash.ts';
import { addHtmlLocations } from '../source-locations/index.ts';
import { projectFiles, type PreviewVersion } from '../versions.ts';
import { rewriteCdnReferences, vendorFile, VENDOR_PREFIX } from './cdn-map.ts';
import { contentTypeOf } from './content-types.ts';
import { withFrameScripts } from './frame-scripts.ts';
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
  /** The app's origin: pages get the Select tool's bridge and their line map (issue 17 item 2). */
  editorOrigin?: string,
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
  if (!editorOrigin)
    return { status: 200, body: withFrameScripts(rewriteCdnReferences(file.content)), headers };
  const marked = addHtmlLocations(file.content, file.name.replace(/^\.?\/+/, ''));
  return { status: 200, body: withFrameScripts(rewriteCdnReferences(marked), editorOrigin), headers };
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
