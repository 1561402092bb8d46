import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { EditorSkeleton } from '../editor/editor-skeleton.tsx';
import { SkipLink } from './skip-link.tsx';

/** Full-window pages (the editor): their own header, no site footer. The page renders <main>. */
export function WorkspaceLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      {/* The editor's shape right away, while its code loads (no blank page after Generate). */}
      <Suspense fallback={<EditorSkeleton />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
