import { lazy, Suspense, useState } from 'react';
import { usePreloadCodeView } from './code-view/use-preload-code-view.ts';
import { PreviewCanvas } from './preview/preview-canvas.tsx';
import { useEditor } from './state/editor-context.ts';

const CodeView = lazy(() =>
  import('./code-view/code-view.tsx').then((module) => ({ default: module.CodeView })),
);

/** Preview and code share the canvas; the code view is mounted on first use and then kept. */
export function EditorCanvas() {
  const { view } = useEditor();
  usePreloadCodeView();
  const [hasOpenedCode, setHasOpenedCode] = useState(view === 'code');
  if (view === 'code' && !hasOpenedCode) setHasOpenedCode(true);
  return (
    <div className="relative h-full min-h-0">
      <div className="h-full" hidden={view !== 'preview'}>
        <PreviewCanvas />
      </div>
      {hasOpenedCode ? (
        <div className="h-full" hidden={view !== 'code'}>
          <Suspense fallback={null}>
            <CodeView />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
