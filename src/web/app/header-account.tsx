import { Link, useLocation } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { UserMenu } from '../auth/user-menu.tsx';
import type { SessionState } from '../auth/use-session.ts';

/** The right end of the header: the user menu, or Sign in / Sign up. */
export function HeaderAccount({ session }: { session: SessionState }) {
  const location = useLocation();
  if (session.isPending) return <Skeleton className="size-8 rounded-full" />;
  if (session.user) return <UserMenu user={session.user} />;

  // Come back to the page being read after signing in (but not to the auth pages themselves).
  const here = `${location.pathname}${location.search}`;
  const isAuthPage = location.pathname === '/login' || location.pathname === '/signup';
  const suffix = here === '/' || isAuthPage ? '' : `?next=${encodeURIComponent(here)}`;

  return (
    <div className="flex items-center gap-1.5 sm:gap-2">
      <Button asChild variant="ghost" size="sm">
        <Link to={`/login${suffix}`}>Sign in</Link>
      </Button>
      <Button asChild size="sm">
        <Link to={`/signup${suffix}`}>Sign up</Link>
      </Button>
    </div>
  );
}
