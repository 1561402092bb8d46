import { useEffect, useState } from 'react';
import { Sparkles } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { SkeletonFrame } from './skeleton-frame.tsx';

/** Spec §9: 'Loading skeleton: 3 frames, 4 s each'. */
export const SKELETON_FRAME_MS = 4000;
const FRAME_COUNT = 3;

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
            <SkeletonFrame index={index} />
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
