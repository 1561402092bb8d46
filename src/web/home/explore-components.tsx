import { useQuery } from '@tanstack/react-query';
import { Compass } from 'lucide-react';
import type { Framework } from '../../core/frameworks/index.ts';
import { EmptyState } from '../components/empty-state.tsx';
import { apiFetch } from '../lib/api.ts';
import { ComponentCard } from '../profile/component-card.tsx';
import { ComponentListSkeleton } from './component-list-skeleton.tsx';
import { ComponentSection } from './component-section.tsx';

interface ExploreComponent {
  id: string;
  slug: string;
  title: string | null;
  framework: Framework;
  createdAt: string;
  screenshot: string | null;
  author: { id: string; fullName: string | null; avatarUrl: string | null };
}

/** Public components to explore (GET /api/chats/explore). */
export function ExploreComponents() {
  const query = useQuery({
    queryKey: ['explore-components'],
    queryFn: ({ signal }) => apiFetch<{ components: ExploreComponent[] }>('/api/chats/explore', { signal }),
  });
  const components = query.data?.components ?? [];
  return (
    <ComponentSection id="explore-title" title="Explore" description="What people are building with Kiln.">
      {query.isPending ? (
        <ComponentListSkeleton count={6} />
      ) : query.isError ? (
        <p className="text-sm text-destructive">
          Public components could not be loaded: {query.error.message}
        </p>
      ) : components.length === 0 ? (
        <EmptyState
          icon={<Compass />}
          title="Nothing to explore yet"
          description="Public components appear here. Build one and it could be the first."
          className="rounded-2xl border border-dashed py-10"
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {components.map((component) => (
            <li key={component.id}>
              <ComponentCard component={component} author={component.author} />
            </li>
          ))}
        </ul>
      )}
    </ComponentSection>
  );
}
