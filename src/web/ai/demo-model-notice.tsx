import { FlaskConical } from 'lucide-react';
import { cn } from '../lib/cn.ts';
import { useAiModel } from './use-ai-model.ts';

/**
 * Says plainly when the offline demo model answers prompts, and how to configure a real one
 * (README, section "AI models").
 */
export function DemoModelNotice({ className, compact = false }: { className?: string; compact?: boolean }) {
  const model = useAiModel();
  if (!model.data?.isDemo) return null;
  return (
    <div
      role="note"
      className={cn(
        'flex items-start gap-2.5 rounded-xl border border-amber-300/60 bg-amber-50 px-3 py-2 text-[13px] leading-snug text-amber-950 dark:border-amber-400/25 dark:bg-amber-950/40 dark:text-amber-100',
        className,
      )}
    >
      <FlaskConical
        aria-hidden="true"
        className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400"
      />
      {compact ? (
        <p>
          <span className="font-semibold">Offline demo model</span> — not a real AI. Set{' '}
          <code className="font-mono text-[12px]">KILN_MODEL</code> and an API key to use one (README, “AI
          models”).
        </p>
      ) : (
        <p>
          <span className="font-semibold">Demo model.</span> This server has no AI provider configured, so
          answers come from Kiln’s offline demo model: real, working code from a fixed catalogue, not a real
          AI. To use a real model, set <code className="font-mono text-[12px]">KILN_MODEL</code> and an API
          key (see “AI models” in the README).
        </p>
      )}
    </div>
  );
}
