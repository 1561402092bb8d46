import { Skeleton } from '../components/ui/skeleton.tsx';

/** The editor's shape while the chat loads, so nothing jumps when it arrives. */
export function EditorSkeleton() {
  return (
    <div className="flex h-dvh flex-col" role="status" aria-label="Loading the component">
      <div className="flex h-14 items-center gap-3 border-b px-3">
        <Skeleton className="size-7 rounded-lg" />
        <Skeleton className="h-4 w-40" />
        <Skeleton className="ml-auto h-8 w-36 rounded-lg" />
        <Skeleton className="size-8 rounded-full" />
      </div>
      <div className="flex min-h-0 flex-1">
        <div className="hidden w-[34%] flex-col gap-4 border-r p-4 md:flex">
          <Skeleton className="h-7 w-48" />
          <Skeleton className="h-16 w-4/5 rounded-2xl" />
          <Skeleton className="h-32 w-full rounded-xl" />
          <Skeleton className="mt-auto h-28 w-full rounded-2xl" />
        </div>
        <div className="flex-1 bg-surface p-6">
          <Skeleton className="size-full rounded-xl" />
        </div>
      </div>
    </div>
  );
}
