import { LoaderCircle } from 'lucide-react';

/** Spec §2: the 'starting' overlay shown for 3 s after the preview is ready on a chat/version change. */
export function StartingOverlay() {
  return (
    <div
      role="status"
      className="absolute inset-0 z-10 flex items-center justify-center bg-background/85 backdrop-blur-sm motion-safe:animate-fade-in"
    >
      <p className="inline-flex items-center gap-2 text-sm font-medium">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-brand" /> Starting…
      </p>
    </div>
  );
}
