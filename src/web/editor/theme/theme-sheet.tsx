import { useMemo } from 'react';
import { Check } from 'lucide-react';
import { toast } from 'sonner';
import { DAISY_THEMES, readTheme } from '../../../core/themes/index.ts';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../components/ui/sheet.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import { useChangeTheme } from '../data/use-chat-mutations.ts';
import { useEditor, useEditorStream } from '../state/editor-context.ts';

interface ThemeSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Spec §2 "Theme sheet ('Component Theme', HTML only)". */
export function ThemeSheet({ open, onOpenChange }: ThemeSheetProps) {
  const { slug, chatId, selectedVersion, isGenerating } = useEditor();
  const { snapshot } = useEditorStream();
  const change = useChangeTheme(slug, chatId);
  const current = useMemo(() => {
    const page = snapshot?.files.find((file) => file.name === 'index.html');
    return page ? readTheme(page.content) : null;
  }, [snapshot]);
  const pendingTheme = change.isPending ? change.variables.theme : null;

  const choose = (theme: string) => {
    // Spec §4: ignored when the theme is already current or a change is in progress.
    if (theme === current || change.isPending || selectedVersion === null || isGenerating) return;
    change.mutate(
      { theme, version: selectedVersion },
      {
        onSuccess: (result) => {
          if (result.changed) toast.success(`Theme changed to ${result.theme}`);
        },
        onError: (error) => toast.error('Could not change the theme', { description: error.message }),
      },
    );
  };

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" aria-describedby="theme-sheet-description">
        <div className="border-b px-5 pt-5 pb-4">
          <SheetTitle className="text-lg font-semibold tracking-tight">Component Theme</SheetTitle>
          <SheetDescription id="theme-sheet-description" className="mt-1 text-sm text-muted-foreground">
            Change theme — daisyUI themes restyle the whole component at once.
          </SheetDescription>
          <p className="mt-3 text-sm">
            Current theme: <span className="font-semibold">{current ?? 'none'}</span>
          </p>
        </div>
        <ul
          className="grid min-h-0 flex-1 grid-cols-3 content-start gap-3 overflow-y-auto p-5"
          aria-label="Themes"
        >
          {DAISY_THEMES.map((theme) => {
            const isCurrent = theme === current;
            return (
              <li key={theme}>
                <button
                  type="button"
                  aria-pressed={isCurrent}
                  aria-label={`${theme} theme`}
                  disabled={change.isPending && pendingTheme !== theme}
                  onClick={() => choose(theme)}
                  className={cn(
                    'group flex w-full flex-col gap-1.5 rounded-xl p-1 text-left transition-colors hover:bg-accent disabled:opacity-60',
                    isCurrent && 'bg-brand-soft',
                  )}
                >
                  <span
                    className={cn(
                      'relative block aspect-[4/3] overflow-hidden rounded-lg border bg-muted',
                      isCurrent && 'ring-2 ring-brand',
                    )}
                  >
                    <img
                      src={`/daisy-themes/${theme}.png`}
                      alt=""
                      loading="lazy"
                      className="size-full object-cover transition-transform group-hover:scale-[1.03]"
                    />
                    {isCurrent ? (
                      <span className="absolute top-1.5 right-1.5 flex size-5 items-center justify-center rounded-full bg-brand text-white">
                        <Check aria-hidden="true" className="size-3" />
                      </span>
                    ) : null}
                    {pendingTheme === theme ? (
                      <span className="absolute inset-0 flex items-center justify-center bg-background/60">
                        <Spinner label="Applying theme" />
                      </span>
                    ) : null}
                  </span>
                  <span className="truncate px-0.5 text-xs font-medium capitalize">{theme}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </SheetContent>
    </Sheet>
  );
}
