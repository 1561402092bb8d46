import { useEffect } from 'react';

/** Sets the tab title to '{title} · Kiln' while the page is shown (null: the home page title). */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · Kiln` : 'Kiln — AI generator of web components and apps';
  }, [title]);
}
