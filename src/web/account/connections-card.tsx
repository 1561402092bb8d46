import { Link } from 'react-router';
import { ArrowRight, Plug } from 'lucide-react';
import { useSession } from '../auth/use-session.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { GithubConnection } from './github-connection.tsx';

/** Spec §2: the code-hosting connection lives on /account; integrations on /account/integrations. */
export function ConnectionsCard() {
  const { user } = useSession();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Connections</CardTitle>
        <CardDescription>Where your components go beyond Kiln.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {user ? <GithubConnection userId={user.id} /> : null}
        <Link
          to="/account/integrations"
          className="flex items-center gap-3 rounded-xl border p-3 transition-colors hover:bg-accent"
        >
          <span className="flex size-9 items-center justify-center rounded-lg bg-muted">
            <Plug aria-hidden="true" className="size-4" />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block text-sm font-medium">Integrations</span>
            <span className="block text-[13px] text-muted-foreground">
              Database, payments, storage, e-mail, auth.
            </span>
          </span>
          <ArrowRight aria-hidden="true" className="size-4 text-muted-foreground" />
        </Link>
      </CardContent>
    </Card>
  );
}
