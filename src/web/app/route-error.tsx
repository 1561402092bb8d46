import { isRouteErrorResponse, useRouteError } from 'react-router';
import { RotateCw } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * The last line of defence when a page throws while rendering or its code fails to load
 * (typically right after a deploy replaced the chunks): say so and offer a reload.
 */
export function RouteError() {
  useDocumentTitle('Something went wrong');
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center px-6 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">Something went wrong</h1>
      <p className="mt-2 max-w-md text-muted-foreground">
        Kiln hit an unexpected error while showing this page. Reloading usually fixes it.
      </p>
      {detail ? (
        <p className="mt-4 max-w-md font-mono text-xs break-words text-muted-foreground">{detail}</p>
      ) : null}
      <Button className="mt-8" onClick={() => window.location.reload()}>
        <RotateCw aria-hidden="true" /> Reload the page
      </Button>
    </main>
  );
}
