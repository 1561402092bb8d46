import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { APP_FOLDER, HANDLER_FILE } from './handler-bundle.ts';

/**
 * What a built output needs besides its files (decision 0054), stored with it as
 * `.kiln-app/app.json` (so the blob store carries it to every process): the `api/` handler's
 * bundle beside it, or the project's own server and how it starts (its workspace is kept).
 */
const manifest = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('handler'), entry: z.literal(HANDLER_FILE) }),
  z.object({
    kind: z.literal('server'),
    /** The build's hash: where its workspace is kept (serverWorkspaceOf). */
    workspace: z.string().regex(/^[0-9a-f]{16,64}$/),
    launch: z.object({
      kind: z.literal('node'),
      command: z.array(z.string()).min(1),
      label: z.string(),
      env: z.record(z.string(), z.string()).optional(),
    }),
  }),
]);
export type AppManifest = z.infer<typeof manifest>;

const FILE = 'app.json';

export async function writeAppManifest(outputDir: string, value: AppManifest): Promise<void> {
  await fs.mkdir(path.join(outputDir, APP_FOLDER), { recursive: true });
  await fs.writeFile(path.join(outputDir, APP_FOLDER, FILE), JSON.stringify(value));
}

/** The output's app manifest, or null for a static output (or one Kiln cannot read). */
export async function readAppManifest(outputDir: string): Promise<AppManifest | null> {
  let text: string;
  try {
    text = await fs.readFile(path.join(outputDir, APP_FOLDER, FILE), 'utf8');
  } catch {
    return null;
  }
  return parseAppManifest(text);
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

/** Where a server-rendered build's workspace is kept, by its output's hash. */
export function serverWorkspaceOf(root: string, hash: string): string {
  return path.join(root, hash.slice(0, 32));
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
