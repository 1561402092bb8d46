import { Spinner } from '../components/ui/spinner.tsx';

/** Shown while a page's code is loading. Waits a moment so fast loads do not flash. */
export function RouteFallback() {
  return (
    // A screen tall at least: the footer stays below the first screen until the page arrives,
    // instead of showing there and being pushed off (layout shift, issue 35 item 5).
    <div className="flex min-h-dvh flex-1 items-center justify-center py-24 opacity-0 [animation:fade-in_200ms_ease-out_300ms_forwards]">
      <Spinner className="size-5 text-muted-foreground" label="Loading page" />
    </div>
  );
}
