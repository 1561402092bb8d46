import { useEffect, useState } from 'react';
import { Sparkles } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

/** Spec §9: 'Loading skeleton: 3 frames, 4 s each'. */
export const SKELETON_FRAME_MS = 4000;
const FRAME_COUNT = 3;

function Bar({ className }: { className: string }) {
  return <div className={cn('rounded-md bg-foreground/[0.07] motion-safe:animate-pulse', className)} />;
}

/** Three sketches of a page being put together, cross-fading. */
function Frame({ index }: { index: number }) {
  if (index === 0) {
    return (
      <div className="flex h-full flex-col gap-4 p-6">
        <div className="flex items-center justify-between">
          <Bar className="h-4 w-24" />
          <div className="flex gap-2">
            <Bar className="h-4 w-12" />
            <Bar className="h-4 w-12" />
            <Bar className="h-4 w-12" />
          </div>
        </div>
        <div className="mt-6 flex flex-1 flex-col items-center justify-center gap-3">
          <Bar className="h-7 w-3/5" />
          <Bar className="h-4 w-2/5" />
          <div className="mt-3 flex gap-2">
            <Bar className="h-9 w-28" />
            <Bar className="h-9 w-24" />
          </div>
        </div>
      </div>
    );
  }
  if (index === 1) {
    return (
      <div className="grid h-full grid-cols-3 content-center gap-4 p-6">
        {[0, 1, 2].map((card) => (
          <div key={card} className="flex flex-col gap-3 rounded-xl border border-foreground/[0.06] p-4">
            <Bar className="aspect-[4/3] w-full" />
            <Bar className="h-4 w-3/4" />
            <Bar className="h-3 w-1/2" />
            <Bar className="mt-2 h-8 w-full" />
          </div>
        ))}
      </div>
    );
  }
  return (
    <div className="flex h-full items-center justify-center p-6">
      <div className="flex w-full max-w-sm flex-col gap-3 rounded-xl border border-foreground/[0.06] p-6">
        <Bar className="h-5 w-1/2" />
        <Bar className="h-3 w-3/4" />
        <Bar className="mt-3 h-9 w-full" />
        <Bar className="h-9 w-full" />
        <Bar className="mt-2 h-9 w-full" />
      </div>
    </div>
  );
}

/** Spec §2 "Loading skeleton 'Creating component', cycling 3 frames, one every 4 s". */
export function CreatingSkeleton({ label = 'Creating component' }: { label?: string }) {
  const [frame, setFrame] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setFrame((current) => (current + 1) % FRAME_COUNT), SKELETON_FRAME_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <div role="status" aria-live="polite" className="relative flex h-full flex-col bg-background">
      <div className="relative min-h-0 flex-1">
        {Array.from({ length: FRAME_COUNT }, (_, index) => (
          <div
            key={index}
            aria-hidden="true"
            data-frame={index}
            className={cn(
              'absolute inset-0 transition-opacity duration-700',
              index === frame ? 'opacity-100' : 'opacity-0',
            )}
          >
            <Frame index={index} />
          </div>
        ))}
      </div>
      <div className="pointer-events-none absolute inset-x-0 bottom-6 flex justify-center">
        <p className="inline-flex items-center gap-2 rounded-full border bg-background/90 px-3.5 py-1.5 text-sm font-medium shadow-sm backdrop-blur">
          <Sparkles aria-hidden="true" className="size-4 text-brand motion-safe:animate-pulse" />
          {label}
        </p>
      </div>
    </div>
  );
}
