import type { Segment } from '../../../../core/artifact/index.ts';
import { ArtifactBlock } from './artifact-block.tsx';
import { MessageMarkdown } from './message-markdown.tsx';
import { ThinkingBlock } from './thinking-block.tsx';

interface MessageSegmentsProps {
  segments: readonly Segment[];
  isStreaming: boolean;
  theme: string | null;
  onOpenFile: (path: string) => void;
}

/** Spec §2: 'the content split into text segments, a collapsible 'Thinking process' block … and artifact blocks'. */
export function MessageSegments({ segments, isStreaming, theme, onOpenFile }: MessageSegmentsProps) {
  return (
    <div className="flex flex-col gap-3">
      {segments.map((segment, index) => {
        if (segment.type === 'text') return <MessageMarkdown key={index} text={segment.content} />;
        if (segment.type === 'thinking') {
          return (
            <ThinkingBlock
              key={index}
              content={segment.content}
              isStreaming={isStreaming && !segment.isComplete}
            />
          );
        }
        return (
          <ArtifactBlock
            key={index}
            title={segment.title}
            files={segment.files}
            isStreaming={isStreaming}
            theme={theme}
            onOpenFile={onOpenFile}
          />
        );
      })}
    </div>
  );
}
