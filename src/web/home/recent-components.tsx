import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import type { Framework } from '../../core/frameworks/index.ts';
import { useSession } from '../auth/use-session.ts';
import { apiFetch } from '../lib/api.ts';
import { ComponentCard } from '../profile/component-card.tsx';
import { ComponentListSkeleton } from './component-list-skeleton.tsx';
import { ComponentSection } from './component-section.tsx';

interface OwnComponent {
  id: string;
  slug: string;
  title: string | null;
  framework: Framework;
  isPrivate: boolean;
  createdAt: string;
  updatedAt: string;
  screenshot: string | null;
}

const SHOWN = 6;

/** The signed-in person's latest components (GET /api/chats/mine). */
export function RecentComponents() {
  const { user } = useSession();
  const query = useQuery({
    queryKey: ['my-components', user?.id ?? null],
    queryFn: ({ signal }) => apiFetch<{ components: OwnComponent[] }>('/api/chats/mine', { signal }),
    enabled: Boolean(user),
  });
  if (!user) return null;
  const components = query.data?.components ?? [];
  if (query.isSuccess && components.length === 0) return null;
  return (
    <ComponentSection
      id="recent-title"
      title="Your recent components"
      action={
        components.length > SHOWN ? (
          <Link
            to={`/users/${encodeURIComponent(user.id)}`}
            className="inline-flex items-center gap-1 text-sm font-medium text-muted-foreground hover:text-foreground"
          >
            View all <ArrowRight aria-hidden="true" className="size-3.5" />
          </Link>
        ) : null
      }
    >
      {query.isPending ? (
        <ComponentListSkeleton />
      ) : query.isError ? (
        <p className="text-sm text-destructive">Your components could not be loaded: {query.error.message}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {components.slice(0, SHOWN).map((component) => (
            <li key={component.id}>
              <ComponentCard component={{ ...component, createdAt: component.updatedAt }} />
            </li>
          ))}
        </ul>
      )}
    </ComponentSection>
  );
}
