import { Spinner } from '../../components/ui/spinner.tsx';

/** Shown while a tab's panel code loads. */
export function PanelFallback() {
  return (
    <div className="flex justify-center py-10">
      <Spinner className="text-muted-foreground" label="Loading" />
    </div>
  );
}
