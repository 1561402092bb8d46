import { Skeleton } from '../../components/ui/skeleton.tsx';

/** Lines of code, sketched, while CodeMirror loads. */
export function CodeEditorFallback() {
  return (
    <div className="flex flex-col gap-2 p-4" aria-hidden="true">
      {[72, 56, 64, 40, 80, 52].map((width, index) => (
        <Skeleton key={index} className="h-3.5" style={{ width: `${width}%` }} />
      ))}
    </div>
  );
}
