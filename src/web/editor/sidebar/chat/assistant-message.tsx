import type { ReactNode } from 'react';
import { Flame, GitPullRequestArrow } from 'lucide-react';
import type { Segment } from '../../../../core/artifact/index.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { RelativeDate } from '../../../profile/relative-date.tsx';
import { cn } from '../../../lib/cn.ts';
import { MessageSegments } from './message-segments.tsx';

interface AssistantMessageProps {
  version: number | null;
  createdAt: string | null;
  segments: readonly Segment[];
  isStreaming: boolean;
  isGithubPull: boolean;
  theme: string | null;
  screenshot: string | null;
  onOpenFile: (path: string) => void;
  /** Spec §2: 'Migration cards appear below the artifact'. */
  migrations?: ReactNode;
  footer?: ReactNode;
  /** Small print in the title row (what the version cost). */
  details?: ReactNode;
}

/** Spec §2 "Assistant message": 'Version #n', the pull badge, time, segments, screenshot. */
export function AssistantMessage({
  version,
  createdAt,
  segments,
  isStreaming,
  isGithubPull,
  theme,
  screenshot,
  onOpenFile,
  migrations,
  footer,
  details,
}: AssistantMessageProps) {
  return (
    <article
      aria-label={version === null ? 'Answer' : `Version #${version}`}
      aria-busy={isStreaming}
      className="flex flex-col gap-2"
    >
      <div className="flex items-center gap-2 text-[13px]">
        <span
          aria-hidden="true"
          className={cn(
            'flex size-6 items-center justify-center rounded-full bg-brand text-white',
            isStreaming && 'motion-safe:animate-pulse',
          )}
        >
          <Flame className="size-3.5" />
        </span>
        <span className="font-medium">
          {isStreaming ? 'Generating version...' : `Version #${version ?? ''}`}
        </span>
        {isGithubPull ? (
          <Badge>
            <GitPullRequestArrow aria-hidden="true" /> GitHub Pull
          </Badge>
        ) : null}
        {!isStreaming && createdAt ? (
          <span className="text-muted-foreground">
            <RelativeDate date={createdAt} />
          </span>
        ) : null}
        {details}
      </div>
      <div className="ml-8 flex flex-col gap-3">
        {segments.length > 0 ? (
          <MessageSegments
            segments={segments}
            isStreaming={isStreaming}
            theme={theme}
            onOpenFile={onOpenFile}
          />
        ) : isStreaming ? (
          <div className="flex items-center gap-1.5 py-1" aria-hidden="true">
            {[0, 150, 300].map((delay) => (
              <span
                key={delay}
                className="size-1.5 rounded-full bg-muted-foreground/60 motion-safe:animate-bounce"
                style={{ animationDelay: `${delay}ms` }}
              />
            ))}
          </div>
        ) : null}
        {migrations}
        {screenshot ? (
          <img
            src={screenshot}
            alt={`Screenshot of version #${version ?? ''}`}
            className="rounded-lg border"
          />
        ) : null}
        {footer}
      </div>
    </article>
  );
}
