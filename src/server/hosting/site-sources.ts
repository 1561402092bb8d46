import { isInAppFolder } from '../../core/apps/index.ts';
import type { Framework } from '../../core/frameworks/index.ts';
import { isInstructionsFile } from '../../core/instructions/index.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { withBlobBytes } from '../preview/blob-files.ts';
import type { ProjectFile } from '../preview/content-hash.ts';
import { rewriteCdnReferences } from '../preview/http/cdn-map.ts';
import { projectFiles, type PreviewVersion } from '../preview/versions.ts';
import type { SiteSourceFile } from './site-manifest.ts';

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
  // The owner's instructions (KILN.md, issue 17 item 4) are for Kiln, not for the site's visitors;
  // `.kiln-app` is Kiln's alone (decision 0055): a model's files there would be read as the site's
  // app manifest and handler.
  return files
    .map((file) => ({ file, path: file.name.replace(/^\.?\/+/, '') }))
    .filter(({ file, path }) => !isInstructionsFile(file.name) && !isInAppFolder(path.split('/')))
    .map(({ file, path }) => ({
      path,
      bytes:
        file.bytes ??
        Buffer.from(/\.html?$/i.test(file.name) ? rewriteCdnReferences(file.content) : file.content),
    }));
}
