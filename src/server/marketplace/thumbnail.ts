import type { PreviewService } from '../preview/service.ts';
import { createPreviewToken, type PreviewTokenScope } from '../preview/preview-token.ts';

/**
 * The live preview of a listed version for anyone looking at the marketplace: a listed component
 * is private, so its preview address carries a token that opens that one version only (and only
 * while the chat's visibility is unchanged).
 */
export function listingPreviewUrl(
  preview: Pick<PreviewService, 'previewUrl' | 'secret'>,
  scope: PreviewTokenScope,
): string {
  const token = createPreviewToken(preview.secret, scope);
  return `${preview.previewUrl(scope.chatId, scope.version)}?token=${token}`;
}
