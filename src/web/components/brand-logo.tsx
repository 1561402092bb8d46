import { Flame } from 'lucide-react';
import { cn } from '../lib/cn.ts';

/** The Kiln mark (a flame in an orange tile) and wordmark. */
export function BrandLogo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <span className="flex size-7 items-center justify-center rounded-lg bg-brand text-white shadow-sm shadow-orange-600/30">
        <Flame aria-hidden="true" className="size-[18px]" strokeWidth={2.25} />
      </span>
      <span className="text-[17px] font-semibold tracking-tight">Kiln</span>
    </span>
  );
}
