import { useMemo } from 'react';
import { estimateRequestTokens, formatTokens } from '../../../core/costs/index.ts';
import { useEditorStream } from '../state/editor-context.ts';

/**
 * The estimated input tokens of the next request — the prompt, the current version's files
 * (sent to the model as context) and the attachments — next to the character counter.
 */
export function RequestEstimate({ prompt, files }: { prompt: string; files: readonly File[] }) {
  const { snapshot } = useEditorStream();
  const snapshotChars = useMemo(
    () => (snapshot?.files ?? []).reduce((sum, file) => sum + file.name.length + file.content.length, 0),
    [snapshot],
  );
  const tokens = estimateRequestTokens({
    prompt,
    snapshotChars,
    attachments: files.map((file) => ({ type: file.type, size: file.size })),
  });
  return (
    <span
      data-testid="request-estimate"
      title="Estimated input tokens: your prompt, the current files and the attachments (about 4 characters a token)"
      className="px-1 text-xs tabular-nums text-muted-foreground"
    >
      ≈ {formatTokens(tokens)} tokens
    </span>
  );
}
