import fs from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOf } from './content-types.ts';

/** Vite and Angular name hashed assets `name-HASH.ext` / `name-HASH.ext`: cacheable forever. */
const HASHED_ASSET = /[-.][A-Za-z0-9_-]{8,}\.(?:js|mjs|css|woff2?|ttf|otf|svg|png|jpe?g|gif|webp|avif|wasm)$/;

export interface ServedFile {
  body: Uint8Array;
  headers: Record<string, string>;
}

/**
 * A file of a built output for a request path, with the SPA fallback: a path that is not a
 * file and does not look like one (no extension) gets index.html, so client-side routes work.
 */
export async function readOutputFile(root: string, requestPath: string): Promise<ServedFile | null> {
  let relative: string;
  try {
    relative = decodeURIComponent(requestPath).replace(/^\/+/, '');
  } catch {
    return null;
  }
  const resolved = path.resolve(root, relative);
  if (resolved !== root && !resolved.startsWith(root + path.sep)) return null;
  const direct = await readIfFile(resolved);
  if (direct) return served(resolved, direct);
  const nested = await readIfFile(path.join(resolved, 'index.html'));
  if (nested) return served(path.join(resolved, 'index.html'), nested);
  if (path.extname(relative) !== '' && !relative.endsWith('.html')) return null;
  const index = path.join(root, 'index.html');
  const fallback = await readIfFile(index);
  return fallback ? served(index, fallback) : null;
}

async function readIfFile(file: string): Promise<Buffer | null> {
  try {
    const stat = await fs.stat(file);
    return stat.isFile() ? await fs.readFile(file) : null;
  } catch {
    return null;
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
