import { Flame } from 'lucide-react';

export function SiteFooter() {
  return (
    <footer className="border-t border-border/70">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-2 px-4 py-6 text-[13px] text-muted-foreground sm:flex-row sm:px-6">
        <p className="flex items-center gap-1.5">
          <Flame aria-hidden="true" className="size-3.5 text-brand" />
          Kiln — describe it, preview it, ship it.
        </p>
        <p>HTML · React · Svelte · Vue · Angular</p>
      </div>
    </footer>
  );
}
