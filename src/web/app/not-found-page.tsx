import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-6 py-24 text-center">
      <p className="font-mono text-sm font-medium text-brand">404</p>
      <h1 className="mt-3 text-3xl font-semibold tracking-tight sm:text-4xl">This page doesn’t exist</h1>
      <p className="mt-3 max-w-md text-pretty text-muted-foreground">
        The link may be broken, or the page may have moved. Check the address, or start again from the home
        page.
      </p>
      <Button asChild className="mt-8">
        <Link to="/">
          <ArrowLeft aria-hidden="true" /> Back to home
        </Link>
      </Button>
    </div>
  );
}
