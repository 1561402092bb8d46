import fs from 'node:fs/promises';
import path from 'node:path';
import type { Framework } from '../../core/frameworks/index.ts';
import { isInstructionsFile } from '../../core/instructions/index.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { withBlobBytes } from '../preview/blob-files.ts';
import type { ProjectFile } from '../preview/content-hash.ts';
import { rewriteCdnReferences } from '../preview/http/cdn-map.ts';
import { openRegularFile } from '../preview/output-files.ts';
import { projectFiles, type PreviewVersion } from '../preview/versions.ts';
import type { SiteSourceFile } from './site-manifest.ts';

/** More than this in one site is refused (the preview cache caps a build's output the same way). */
const MAX_SITE_FILES = 10_000;

/**
 * A built output folder's files. Outputs in the preview cache hold regular files and folders only
 * (decision 0037); anything else met here is skipped, never followed.
 */
export async function outputSiteFiles(root: string): Promise<SiteSourceFile[]> {
  const files: SiteSourceFile[] = [];
  const walk = async (dir: string, prefix: string): Promise<void> => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const name = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(full, name);
      else if (entry.isFile()) {
        if (files.length >= MAX_SITE_FILES)
          throw new Error('The build output holds too many files to deploy.');
        const handle = await openRegularFile(full);
        if (!handle) continue;
        try {
          files.push({ path: name, bytes: new Uint8Array(await handle.readFile()) });
        } finally {
          await handle.close();
        }
      }
    }
  };
  await walk(root, '');
  return files;
}

/**
 * An HTML version's files as its preview host serves them (decision 0038): the snapshot with the
 * blank template, binary files with their bytes, and CDN references in pages rewritten to Kiln's
 * local copies (served under `/_kiln/vendor/` on the site's host too). No frame scripts: a
 * deployed site is not framed by the editor.
 */
export async function htmlSiteFiles(
  version: PreviewVersion,
  templateFiles: (framework: Framework) => Promise<ProjectFile[]>,
  blobs: BlobStore,
): Promise<SiteSourceFile[]> {
  const files = await withBlobBytes(projectFiles(version, await templateFiles('html')), blobs);
  // The owner's instructions (KILN.md, issue 17 item 4) are for Kiln, not for the site's visitors.
  return files
    .filter((file) => !isInstructionsFile(file.name))
    .map((file) => ({
      path: file.name.replace(/^\.?\/+/, ''),
      bytes:
        file.bytes ??
        Buffer.from(/\.html?$/i.test(file.name) ? rewriteCdnReferences(file.content) : file.content),
    }));
}
