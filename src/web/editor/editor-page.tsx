import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, SearchX } from 'lucide-react';
import { EmptyState } from '../components/empty-state.tsx';
import { Button } from '../components/ui/button.tsx';
import { ErrorAlert } from '../components/ui/alert.tsx';
import { TooltipProvider } from '../components/ui/tooltip.tsx';
import { isNotFound } from '../lib/api.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { chatQueryOptions } from './data/chat-query.ts';
import { parseVersionParam } from './data/versions.ts';
import { EditorLayout } from './editor-layout.tsx';
import { EditorSkeleton } from './editor-skeleton.tsx';
import { EditorProvider } from './state/editor-provider.tsx';

/** /components/:slug — the component editor (spec §2). */
export default function EditorPage() {
  const { slug = '' } = useParams();
  const [searchParams] = useSearchParams();
  // The ?v= of the first visit rides along with the first read (the server adds its snapshot).
  const [initialVersion] = useState(() => parseVersionParam(searchParams.get('v')));
  const query = useQuery(chatQueryOptions(slug, initialVersion));
  useDocumentTitle(query.data ? (query.data.chat.title ?? 'Untitled component') : 'Component');

  if (query.isPending) return <EditorSkeleton />;
  if (query.isError) {
    return (
      <main id="main" className="flex min-h-dvh flex-col items-center justify-center px-6">
        {isNotFound(query.error) ? (
          <EmptyState
            headingLevel="h1"
            icon={<SearchX />}
            title="Component not found"
            description="It may have been deleted or made private, or the link may be wrong."
            action={
              <Button asChild>
                <Link to="/">
                  <ArrowLeft aria-hidden="true" /> Back to home
                </Link>
              </Button>
            }
          />
        ) : (
          <div className="flex max-w-md flex-col items-center gap-4 text-center">
            <h1 className="text-xl font-semibold">This component could not be loaded</h1>
            <ErrorAlert>{query.error.message}</ErrorAlert>
            <Button onClick={() => void query.refetch()}>Try again</Button>
          </div>
        )}
      </main>
    );
  }

  return (
    <TooltipProvider delayDuration={300}>
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <EditorProvider key={query.data.chat.id} slug={slug} data={query.data}>
          <EditorLayout />
        </EditorProvider>
      </main>
    </TooltipProvider>
  );
}
