import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { readOutputFile } from '../seam/sandbox-files.ts';
import { APP_FOLDER, HANDLER_FILE } from './handler-bundle.ts';

/**
 * What a built output needs besides its files (decisions 0054, 0055): the `api/` handler's bundle,
 * or how the project's own server starts. Kiln writes it, after the build, into its own copy of
 * the output (`.kiln-app/app.json`, so the blob store carries it to every process and into
 * deployments); a build can never write it, because an output holding `.kiln-app` is refused
 * (copyRegularFiles). `format` tells a manifest written so from an older one that a build could
 * have written: those are never trusted.
 */
export const APP_MANIFEST_FORMAT = 2;

const manifest = z.discriminatedUnion('kind', [
  z.object({
    format: z.literal(APP_MANIFEST_FORMAT),
    kind: z.literal('handler'),
    entry: z.literal(HANDLER_FILE),
  }),
  z.object({
    format: z.literal(APP_MANIFEST_FORMAT),
    kind: z.literal('server'),
    /** The build's hash: with the chat and version, which kept workspace it runs (serverWorkspaceOf). */
    build: z.string().regex(/^[0-9a-f]{16,64}$/),
    launch: z.object({
      kind: z.literal('node'),
      command: z.array(z.string()).min(1),
      label: z.string(),
      env: z.record(z.string(), z.string()).optional(),
    }),
  }),
]);
export type AppManifest = z.infer<typeof manifest>;

export const APP_MANIFEST_FILE = 'app.json';

/** The manifest's text, as Kiln stores it in its copy of the output. */
export function appManifestText(value: AppManifest): string {
  return JSON.stringify(manifest.parse(value));
}

/** The output's app manifest, or null for a static output (or one Kiln cannot read). */
export async function readAppManifest(outputDir: string): Promise<AppManifest | null> {
  const bytes = await readOutputFile(outputDir, `${APP_FOLDER}/${APP_MANIFEST_FILE}`);
  return bytes ? parseAppManifest(Buffer.from(bytes).toString('utf8')) : null;
}

/** An app manifest's text (from an output folder or a site's files), or null when it is not one. */
export function parseAppManifest(text: string): AppManifest | null {
  try {
    const parsed = manifest.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Where a server-rendered build's workspace is kept: one per chat, version and build (decision
 * 0055). Two chats with the same files share an output, never a workspace: each builds its own.
 */
export function serverWorkspaceOf(
  root: string,
  owner: { chatId: string; version: number; build: string },
): string {
  const key = createHash('sha256')
    .update(`${owner.chatId}\0${owner.version}\0${owner.build}`)
    .digest('hex')
    .slice(0, 32);
  return path.join(root, key);
}

/** Manifests by output folder: read once per process (an output never changes once stored). */
const known = new Map<string, Promise<AppManifest | null>>();
const MAX_KNOWN = 2000;

export function appManifestOf(outputDir: string): Promise<AppManifest | null> {
  let found = known.get(outputDir);
  if (!found) {
    if (known.size >= MAX_KNOWN) known.clear();
    found = readAppManifest(outputDir);
    known.set(outputDir, found);
  }
  return found;
}
