import { parseStack, servedFrame, type SourceFrame } from '../../../../core/preview/runtime-errors.ts';
import { apiPost } from '../../../lib/api.ts';

/**
 * A report's stack mapped to the generated sources: built versions by the server (the preview
 * build's source maps); an unmapped frame on the preview's own origin is its served file itself
 * (an HTML version's sources are served as written). Frames elsewhere (a CDN) stay unnamed.
 */
export async function mapStack(
  stack: string,
  previewOrigin: string,
  route: { chatId: string; version: number },
): Promise<(SourceFrame | null)[]> {
  const frames = parseStack(stack);
  if (frames.length === 0) return [];
  let mapped: (SourceFrame | null)[] = frames.map(() => null);
  try {
    const answer = await apiPost<{ frames: (SourceFrame | null)[] }>(
      `/api/chats/${encodeURIComponent(route.chatId)}/preview/${route.version}/stack`,
      { frames },
    );
    if (Array.isArray(answer.frames) && answer.frames.length === frames.length) mapped = answer.frames;
  } catch {
    // Unmapped: the frames as served.
  }
  return frames.map((frame, index) => mapped[index] ?? servedFrame(frame, previewOrigin));
}
