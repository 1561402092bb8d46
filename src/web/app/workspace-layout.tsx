import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { RouteFallback } from './route-fallback.tsx';
import { SkipLink } from './skip-link.tsx';

/** Full-window pages (the editor): their own header, no site footer. The page renders <main>. */
export function WorkspaceLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <Suspense
        fallback={
          <div className="flex min-h-dvh">
            <RouteFallback />
          </div>
        }
      >
        <Outlet />
      </Suspense>
    </div>
  );
}
