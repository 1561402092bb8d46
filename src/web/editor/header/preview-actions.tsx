import { ExternalLink, Maximize2, RotateCw } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { htmlContentPath, previewHostUrl } from '../preview/preview-addresses.ts';
import type { PreviewStatus } from '../preview/use-preview-status.ts';
import { SelectToggle } from '../selection/select-toggle.tsx';
import { LogsToggle } from '../server-logs/logs-toggle.tsx';
import { useEditor } from '../state/editor-context.ts';

/** 'Open in a new tab': /content/{chatId}/{version} for HTML, the preview host otherwise. */
export function newTabUrl(framework: string, chatId: string, version: number): string {
  return framework === 'html'
    ? `${window.location.origin}${htmlContentPath(chatId, version)}`
    : previewHostUrl(chatId, version);
}

interface PreviewActionsProps {
  status: PreviewStatus;
  onFullscreen: () => void;
}

/** Reload, Fullscreen and 'Open in a new tab' (spec §2 header); Logs for a version with an app server. */
export function PreviewActions({ status, onFullscreen }: PreviewActionsProps) {
  const { reloadPreview, framework, chatId, selectedVersion, isGenerating } = useEditor();
  const isError = status === 'error';
  const canFullscreen = status === 'ready';
  const fullscreen = (
    <Button
      variant="ghost"
      size="icon"
      className="size-8"
      aria-label="Fullscreen"
      disabled={!canFullscreen}
      onClick={onFullscreen}
    >
      <Maximize2 aria-hidden="true" />
    </Button>
  );
  return (
    <div className="flex items-center">
      <SelectToggle status={status} />
      <LogsToggle />
      <Tooltip content="Reload preview">
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label="Reload preview"
          disabled={status === 'empty' || isGenerating}
          onClick={reloadPreview}
        >
          <RotateCw aria-hidden="true" />
        </Button>
      </Tooltip>
      {isError ? (
        <Tooltip content="The component has an error">
          <span tabIndex={0} className="rounded-lg">
            {fullscreen}
          </span>
        </Tooltip>
      ) : (
        <Tooltip content="Fullscreen">{fullscreen}</Tooltip>
      )}
      <Tooltip content="Open in a new tab">
        {selectedVersion !== null && !isGenerating ? (
          <Button asChild variant="ghost" size="icon" className="size-8">
            <a
              href={newTabUrl(framework, chatId, selectedVersion)}
              target="_blank"
              rel="noreferrer"
              aria-label="Open in a new tab"
            >
              <ExternalLink aria-hidden="true" />
            </a>
          </Button>
        ) : (
          <Button variant="ghost" size="icon" className="size-8" aria-label="Open in a new tab" disabled>
            <ExternalLink aria-hidden="true" />
          </Button>
        )}
      </Tooltip>
    </div>
  );
}
