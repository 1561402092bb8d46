import type { Framework } from '../../../../core/frameworks/index.ts';
import { LOCKED_EVERYWHERE } from './add-markup.ts';
import type { ProjectFiles } from './project-files.ts';
import { prependMarkup } from './regions.ts';
import { additionTarget } from './targets.ts';

/** An attached image the demo places in the project's public/ folder and shows on the page. */
export interface ImagePlacement {
  /** The attachment's file name as the user sent it (the `attachment` attribute). */
  attachment: string;
  /** Where it lands: `public/{tidy name}`. */
  path: string;
  /** What it is to the page: a logo, or any other picture. */
  role: 'logo' | 'image';
}

const IMAGE_WORDS = /\b(logo|logos|image|images|picture|pictures|photo|photos|icon|banner|illustration)\b/i;

/**
 * "use this logo", "add my photo to the page": with an image attached and a prompt about an
 * image, the first attached image is placed (decision 0039). Nothing without both.
 */
export function planImagePlacement(
  prompt: string,
  attachedImages: readonly string[],
): ImagePlacement | undefined {
  const attachment = attachedImages[0];
  const word = IMAGE_WORDS.exec(prompt)?.[1]?.toLowerCase();
  if (attachment === undefined || word === undefined) return undefined;
  return {
    attachment,
    path: `public/${tidyFileName(attachment)}`,
    role: word.startsWith('logo') ? 'logo' : 'image',
  };
}

/** `My Logo (1).PNG` → `my-logo-1.png`: a name every server and bundler takes as is. */
export function tidyFileName(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1).toLowerCase();
  const dot = base.lastIndexOf('.');
  const stem = (dot >= 0 ? base.slice(0, dot) : base).replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  const extension = dot >= 0 ? base.slice(dot).replace(/[^a-z0-9.]/g, '') : '';
  return `${stem || 'image'}${extension}`;
}

/** The URL the page uses: public/ is the site root for the bundlers, a relative path in HTML. */
export function publicUrl(framework: Framework, path: string): string {
  const inPublic = path.replace(/^public\//, '');
  return framework === 'html' ? `public/${inPublic}` : `/${inPublic}`;
}

/** Shows the image at the top of the page; the sentence says where it went. */
export function showImage(project: ProjectFiles, placement: ImagePlacement): string {
  const target = additionTarget(project);
  const src = publicUrl(project.framework, placement.path);
  const markup =
    placement.role === 'logo'
      ? `<div class="flex justify-center px-6 pt-8"><img src="${src}" alt="Logo" class="h-16 w-auto" /></div>`
      : `<div class="mx-auto max-w-4xl px-6 pt-8"><img src="${src}" alt="Attached image" class="w-full rounded-xl shadow" /></div>`;
  const next = target && prependMarkup(project.get(target.name) ?? '', target.dialect, target.name, markup);
  if (!target || next === undefined || !project.set(target.name, next)) return LOCKED_EVERYWHERE;
  return `Placed your ${placement.role} at ${placement.path} and showed it at the top of ${target.name}.`;
}
