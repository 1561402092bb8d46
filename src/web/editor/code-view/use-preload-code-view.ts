import { useEffect } from 'react';
import { useEditor } from '../state/editor-context.ts';

const loadCodeView = () => import('./code-view.tsx');

const MAIN_FILES = {
  html: 'index.html',
  react: 'src/App.tsx',
  vue: 'src/App.vue',
  svelte: 'src/App.svelte',
  angular: 'src/app/app.ts',
} as const;

/** Warms the code view's chunks once the page is idle (they are not part of the first load). */
export function usePreloadCodeView() {
  const { framework } = useEditor();
  useEffect(() => {
    const preload = () =>
      void loadCodeView()
        .then((module) => module.preloadCodeEditor(MAIN_FILES[framework]))
        .catch(() => undefined);
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(preload, { timeout: 4000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(preload, 1500);
    return () => clearTimeout(timer);
  }, [framework]);
}
