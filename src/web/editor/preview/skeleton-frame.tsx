import { cn } from '../../lib/cn.ts';

function Bar({ className }: { className: string }) {
  return <div className={cn('rounded-md bg-foreground/[0.07] motion-safe:animate-pulse', className)} />;
}

/** One of three sketches of a page being put together (the 'Creating component' frames). */
export function SkeletonFrame({ index }: { index: number }) {
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
