import { Link, useParams } from 'react-router';
import { Boxes, RotateCw, UserRoundX } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import { EmptyState } from '../components/empty-state.tsx';
import { useSession } from '../auth/use-session.ts';
import { isNotFound } from '../lib/api.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { AuthorCard } from './author-card.tsx';
import { ComponentGrid } from './component-grid.tsx';
import { ProfileSkeleton } from './profile-skeleton.tsx';
import { usePublicProfile } from './use-public-profile.ts';

export default function ProfilePage() {
  const { id = '' } = useParams();
  const profile = usePublicProfile(id);
  const { user: viewer } = useSession();
  const isOwnProfile = viewer?.id === id;

  const name = profile.data ? profile.data.user.fullName?.trim() || 'Anonymous user' : null;
  useDocumentTitle(profile.isError ? (isNotFound(profile.error) ? 'User not found' : 'Profile') : name);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      {profile.isPending ? (
        <ProfileSkeleton />
      ) : profile.isError ? (
        isNotFound(profile.error) ? (
          <EmptyState
            headingLevel="h1"
            icon={<UserRoundX />}
            title="User not found"
            description="There is no Kiln user at this address. The link may be wrong, or the account was deleted."
            action={
              <Button asChild variant="outline">
                <Link to="/">Back to home</Link>
              </Button>
            }
          />
        ) : (
          <EmptyState
            headingLevel="h1"
            icon={<RotateCw />}
            title="This profile could not be loaded"
            description={profile.error.message}
            action={<Button onClick={() => void profile.refetch()}>Try again</Button>}
          />
        )
      ) : (
        <>
          <AuthorCard author={profile.data.user} createdAt={profile.data.user.createdAt} variant="header" />
          <section aria-labelledby="components-title" className="mt-12">
            <div className="mb-5 flex items-baseline justify-between gap-4">
              <h2 id="components-title" className="text-lg font-semibold tracking-tight">
                Public components
              </h2>
              {profile.data.components.length > 0 ? (
                <p className="text-sm text-muted-foreground">
                  {profile.data.components.length === 1
                    ? '1 component'
                    : `${profile.data.components.length} components`}
                </p>
              ) : null}
            </div>
            {profile.data.components.length > 0 ? (
              <ComponentGrid components={profile.data.components} />
            ) : (
              <EmptyState
                className="rounded-2xl border border-dashed"
                icon={<Boxes />}
                title="No public components yet"
                description={
                  isOwnProfile
                    ? 'Components you make public appear here, for anyone to see and remix.'
                    : `${name ?? 'This user'} hasn’t shared any components yet.`
                }
                action={
                  isOwnProfile ? (
                    <Button asChild>
                      <Link to="/">Build something</Link>
                    </Button>
                  ) : undefined
                }
              />
            )}
          </section>
        </>
      )}
    </div>
  );
}
