import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { ArrowLeft, History, Rocket, Server, ShieldAlert, Users } from 'lucide-react';
import { ErrorAlert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs.tsx';
import { useMe } from '../auth/use-me.ts';
import { useSession } from '../auth/use-session.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { ActivitySection } from './activity-section.tsx';
import { DeploymentsSection } from './deployments-section.tsx';
import { SystemSection } from './system-section.tsx';
import { UsersSection } from './users-section.tsx';

const TABS = ['users', 'builds', 'deployments', 'activity'] as const;
type Tab = (typeof TABS)[number];

const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

/**
 * /admin (issue 35 item 9): accounts (plan, role, disabled), the build queue and app servers,
 * deployments and custom domains, and the audit trail — for administrators only. Everyone else
 * is told so, and nothing past /api/me is asked.
 */
export default function AdminPage() {
  useDocumentTitle('Administration');
  const { user, isPending } = useSession();
  const me = useMe();
  const location = useLocation();

  if (isPending || (user && me.isPending)) {
    return (
      <div
        className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14"
        role="status"
        aria-label="Loading"
      >
        <Skeleton className="h-8 w-48" />
        <Skeleton className="mt-8 h-64 rounded-2xl" />
      </div>
    );
  }
  if (!user) {
    return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }
  if (me.error) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Administration</h1>
        <ErrorAlert className="mt-8">{me.error.message}</ErrorAlert>
      </div>
    );
  }
  if (!me.data?.user?.isAdmin) return <AdminsOnly />;
  return <Administration viewerId={user.id} />;
}

function Administration({ viewerId }: { viewerId: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'users';
  const onTabChange = (next: string) =>
    setSearchParams(
      (params) => {
        if (next === 'users') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true },
    );

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Administration</h1>
      <p className="mt-1.5 text-sm text-muted-foreground">
        Accounts, builds, deployments and every change made to them on this Kiln server.
      </p>
      <Tabs value={tab} onValueChange={onTabChange} className="mt-8">
        <TabsList
          aria-label="Administration sections"
          className="grid w-full grid-cols-2 sm:inline-flex sm:w-auto"
        >
          <TabsTrigger value="users">
            <Users aria-hidden="true" /> Users
          </TabsTrigger>
          <TabsTrigger value="builds">
            <Server aria-hidden="true" /> Builds and servers
          </TabsTrigger>
          <TabsTrigger value="deployments">
            <Rocket aria-hidden="true" /> Deployments
          </TabsTrigger>
          <TabsTrigger value="activity">
            <History aria-hidden="true" /> Activity
          </TabsTrigger>
        </TabsList>
        {/* Radix mounts only the open tab: the build queue is read every 10 s only while it is shown. */}
        <TabsContent value="users" className="mt-6">
          <UsersSection viewerId={viewerId} />
        </TabsContent>
        <TabsContent value="builds" className="mt-6">
          <SystemSection />
        </TabsContent>
        <TabsContent value="deployments" className="mt-6">
          <DeploymentsSection />
        </TabsContent>
        <TabsContent value="activity" className="mt-6">
          <ActivitySection />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** A signed-in account that is not an administrator: told so, with the way to become one. */
function AdminsOnly() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-6 py-24 text-center">
      <div
        aria-hidden="true"
        className="mb-5 flex size-12 items-center justify-center rounded-2xl border bg-surface text-muted-foreground shadow-xs"
      >
        <ShieldAlert className="size-5" />
      </div>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Administration</h1>
      <p className="mt-3 max-w-md text-pretty text-muted-foreground">
        Only administrators can open this page.
      </p>
      <p className="mt-2 max-w-md text-sm text-pretty text-muted-foreground">
        An administrator can make your account one here, or the server&rsquo;s operator with{' '}
        <code className="font-mono text-[13px] whitespace-nowrap text-foreground">
          npm run kiln -- user admin &lt;email&gt;
        </code>
        .
      </p>
      <Button asChild className="mt-8">
        <Link to="/">
          <ArrowLeft aria-hidden="true" /> Back to home
        </Link>
      </Button>
    </div>
  );
}
