import { Skeleton } from '../components/ui/skeleton.tsx';

export function ProfileSkeleton() {
  return (
    <div role="status" aria-label="Loading profile">
      <div className="flex items-center gap-5">
        <Skeleton className="size-16 rounded-full sm:size-20" />
        <div className="grid gap-2.5">
          <Skeleton className="h-7 w-48" />
          <Skeleton className="h-4 w-28" />
        </div>
      </div>
      <div className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-56 rounded-2xl" />
        ))}
      </div>
    </div>
  );
}
