import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import type { SourceFrame, StackFrame } from '../../core/preview/runtime-errors.ts';
import { readOutputFile } from './http/serve-output.ts';
import type { PreviewService } from './service.ts';
import type { PreviewVersion } from './versions.ts';

/** A built file's map (the `sourceMappingURL` it names), read once per request. */
type MapOf = (requestPath: string) => Promise<{ map: TraceMap; mapPath: string } | null>;

/** Source maps larger than this are not parsed (a frame stays unmapped). */
const MAX_MAP_BYTES = 20 * 1024 * 1024;

/**
 * Frames of a preview's stack mapped to the generated sources with the build's source maps
 * (issue 19 item 4; preview builds write them, deployments never). Each frame must point at the
 * version's own preview host (`previewHostname`); its file is read from the built output by the one
 * safe reader (no links), and its map by the `sourceMappingURL` comment the bundler wrote. A
 * frame that cannot be mapped is null (another host, no map, a position outside the map).
 */
export async function mapStackFrames(
  outputDir: string,
  previewHostname: string,
  frames: readonly StackFrame[],
): Promise<(SourceFrame | null)[]> {
  const maps = new Map<string, ReturnType<MapOf>>();
  const mapOf: MapOf = (requestPath) => {
    let found = maps.get(requestPath);
    if (!found) {
      found = loadMap(outputDir, requestPath);
      maps.set(requestPath, found);
    }
    return found;
  };
  return Promise.all(frames.map((frame) => mapFrame(frame, previewHostname, mapOf)));
}

async function mapFrame(
  frame: StackFrame,
  previewHostname: string,
  mapOf: MapOf,
): Promise<SourceFrame | null> {
  let url: URL;
  try {
    url = new URL(frame.url);
  } catch {
    return null;
  }
  // The name, not the port: behind a proxy the page's port is not the one Kiln listens on.
  if (url.hostname.toLowerCase() !== previewHostname.toLowerCase()) return null;
  const loaded = await mapOf(url.pathname);
  if (!loaded) return null;
  const position = originalPositionFor(loaded.map, {
    line: frame.line,
    column: Math.max(0, frame.column - 1),
  });
  if (position.source === null || position.line === null) return null;
  return {
    file: sourceFile(loaded.mapPath, position.source),
    line: position.line,
    column: (position.column ?? 0) + 1,
    name: position.name ?? frame.name,
  };
}

async function loadMap(outputDir: string, requestPath: string) {
  if (!/\.(m?js|css)$/.test(requestPath)) return null;
  const file = await readOutputFile(outputDir, requestPath);
  if (!file) return null;
  const text = Buffer.from(file.body).toString('utf8');
  const comment = /[#@] sourceMappingURL=([^\s'"*]+)\s*(?:\*\/)?\s*$/.exec(text.slice(-2000));
  if (!comment || comment[1]!.startsWith('data:')) return null;
  const mapPath = path.posix.resolve(path.posix.dirname(requestPath), comment[1]!);
  const mapFile = await readOutputFile(outputDir, mapPath);
  if (!mapFile || mapFile.body.byteLength > MAX_MAP_BYTES) return null;
  try {
    return { map: new TraceMap(Buffer.from(mapFile.body).toString('utf8')), mapPath };
  } catch {
    return null;
  }
}

/**
 * A map's source as a project path: Vite writes them relative to the map (`../../src/App.tsx`),
 * so resolved against the map's folder they are the project's own names (`src/App.tsx`).
 */
function sourceFile(mapPath: string, source: string): string {
  if (/^[a-z][\w+.-]*:/i.test(source)) {
    // `webpack://`, `file://` and the like: the path part, without a leading slash.
    return source.replace(/^[a-z][\w+.-]*:\/*/i, '').replace(/^\.\//, '');
  }
  return path.posix.resolve(path.posix.dirname(mapPath), source).replace(/^\/+/, '');
}

/**
 * A version's stack mapped with its preview build's source maps: HTML versions have none (their
 * files are served as written), an evicted build maps nothing (every frame null).
 */
export async function mapVersionStack(
  preview: Pick<PreviewService, 'outputDirOf' | 'previewUrl'>,
  version: PreviewVersion,
  frames: readonly StackFrame[],
): Promise<(SourceFrame | null)[]> {
  const outputDir = version.framework === 'html' ? null : await preview.outputDirOf(version);
  if (!outputDir) return frames.map(() => null);
  const host = new URL(preview.previewUrl(version.chatId, version.version)).hostname;
  return mapStackFrames(outputDir, host, frames);
}
