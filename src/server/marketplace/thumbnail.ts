import type { PreviewService } from '../preview/service.ts';
import { createPreviewToken, versionTokenSubject } from '../preview/preview-token.ts';

/**
 * The live preview of a listed version for anyone looking at the marketplace: a listed component
 * is private, so its preview address carries a token that opens that one version only.
 */
export function listingPreviewUrl(
  preview: Pick<PreviewService, 'previewUrl' | 'secret'>,
  chatId: string,
  version: number,
): string {
  const token = createPreviewToken(preview.secret, versionTokenSubject(chatId, version));
  return `${preview.previewUrl(chatId, version)}?token=${token}`;
}
