import { isInAppFolder } from '../../../core/apps/index.ts';
import { SPA_FALLBACK_PAGES } from '../../../core/hosting/spa-fallback.ts';
import fs from 'node:fs/promises';
import path from 'node:path';
import { openRegularFile } from '../../seam/sandbox-files.ts';
import { contentTypeOf } from './content-types.ts';

/** Vite and Angular name hashed assets `name-HASH.ext` / `name-HASH.ext`: cacheable forever. */
const HASHED_ASSET = /[-.][A-Za-z0-9_-]{8,}\.(?:js|mjs|css|woff2?|ttf|otf|svg|png|jpe?g|gif|webp|avif|wasm)$/;

export interface ServedFile {
  body: Uint8Array;
  headers: Record<string, string>;
}

/**
 * A file of a built output for a request path, with the SPA fallback: a path that is not a
 * file and does not look like one (no extension) gets index.html (or React Router's
 * `__spa-fallback.html`, core `SPA_FALLBACK_PAGES`), so client-side routes work.
 *
 * THE one way Kiln serves anything a build (or a model) wrote — previews today, deployments and
 * any later host of build output too (docs/rules/serving-build-output.md). It never follows a
 * link: every folder from `root` down is checked with lstat, the file is opened with O_NOFOLLOW,
 * and the opened file's own path must be the requested one, so a link anywhere on the path (the
 * output root included), even one placed into the stored output after the build, answers null
 * (404). Only regular files are read: no device, FIFO or socket. Serve what it returns from a
 * host of its own, never from the app's origin.
 */
export async function readOutputFile(root: string, requestPath: string): Promise<ServedFile | null> {
  const parts = requestParts(requestPath);
  if (!parts) return null;
  let realRoot: string;
  try {
    // The folder holding the output may itself sit behind a link Kiln was configured with (the
    // data folder); from the output root down, nothing is resolved.
    realRoot = path.join(await fs.realpath(path.dirname(root)), path.basename(root));
  } catch {
    return null;
  }
  const found = await lookAt(realRoot, parts);
  if (found === 'file') return readServed(realRoot, parts);
  if (found === 'refused') return null;
  if (found === 'directory') {
    const nested = [...parts, 'index.html'];
    const inFolder = await lookAt(realRoot, nested);
    if (inFolder === 'file') return readServed(realRoot, nested);
    if (inFolder === 'refused') return null;
  }
  const last = parts.at(-1) ?? '';
  if (path.extname(last) !== '' && !last.endsWith('.html')) return null;
  for (const page of SPA_FALLBACK_PAGES) {
    const found = await lookAt(realRoot, [page]);
    if (found === 'file') return readServed(realRoot, [page]);
    if (found === 'refused') return null;
  }
  return null;
}

/** The request path's segments, or null when it tries to leave the root or cannot be a name. */
function requestParts(requestPath: string): string[] | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const parts = decoded.split('/').filter((part) => part !== '' && part !== '.');
  // The app folder (the server's bundle and manifest) travels with the output, never served.
  return parts.includes('..') || isInAppFolder(parts) ? null : parts;
}

/**
 * What `parts` names below `root`, looked at with lstat one folder at a time: 'refused' as
 * soon as anything on the way (the root too) is a link, a device, a FIFO or a socket.
 */
async function lookAt(
  root: string,
  parts: readonly string[],
): Promise<'file' | 'directory' | 'missing' | 'refused'> {
  let current = root;
  for (let index = -1; index < parts.length; index++) {
    if (index >= 0) current = path.join(current, parts[index]!);
    let stat;
    try {
      stat = await fs.lstat(current);
    } catch {
      return 'missing';
    }
    const isLast = index === parts.length - 1;
    if (stat.isDirectory()) {
      if (isLast) return 'directory';
    } else if (stat.isFile()) {
      return isLast ? 'file' : 'missing';
    } else {
      return 'refused';
    }
  }
  return 'missing';
}

async function readServed(root: string, parts: readonly string[]): Promise<ServedFile | null> {
  const file = path.join(root, ...parts);
  const handle = await openRegularFile(file);
  if (!handle) return null;
  try {
    return served(file, await handle.readFile());
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}

function served(file: string, body: Buffer): ServedFile {
  const type = contentTypeOf(file);
  const isHashed = HASHED_ASSET.test(path.basename(file));
  return {
    body,
    headers: {
      'content-type': type,
      'cache-control': isHashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    },
  };
}
