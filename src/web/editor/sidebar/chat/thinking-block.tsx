import { useId, useState } from 'react';
import { Brain, ChevronDown } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

/** Spec §2: a collapsible 'Thinking process' block, expanded by default. */
export function ThinkingBlock({ content, isStreaming }: { content: string; isStreaming: boolean }) {
  const [isOpen, setIsOpen] = useState(true);
  const id = useId();
  return (
    <div className="rounded-xl border bg-surface">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={id}
        onClick={() => setIsOpen((open) => !open)}
        className="flex w-full items-center gap-2 px-3 py-2 text-left text-[13px] font-medium text-muted-foreground hover:text-foreground"
      >
        <Brain
          aria-hidden="true"
          className={cn('size-3.5', isStreaming && 'text-brand motion-safe:animate-pulse')}
        />
        Thinking process
        <ChevronDown
          aria-hidden="true"
          className={cn('ml-auto size-3.5 transition-transform', isOpen && 'rotate-180')}
        />
      </button>
      {isOpen ? (
        <div
          id={id}
          className="border-t px-3 py-2.5 text-[13px] leading-relaxed whitespace-pre-wrap text-muted-foreground"
        >
          {content.trim() || '…'}
        </div>
      ) : null}
    </div>
  );
}
