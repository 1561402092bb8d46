import { Spinner } from '../components/ui/spinner.tsx';

/** Shown while a page's code is loading. Waits a moment so fast loads do not flash. */
export function RouteFallback() {
  return (
    <div className="flex flex-1 items-center justify-center py-24 opacity-0 [animation:fade-in_200ms_ease-out_300ms_forwards]">
      <Spinner className="size-5 text-muted-foreground" label="Loading page" />
    </div>
  );
}
