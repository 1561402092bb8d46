import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useSession } from '../auth/use-session.ts';

function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? fullName;
}

/** The call to action under the headline: sign up / sign in, or a welcome for a signed-in person. */
export function HeroActions() {
  const { user, isPending } = useSession();

  if (isPending) {
    return (
      <div className="flex justify-center gap-3" aria-hidden="true">
        <Skeleton className="h-11 w-44 rounded-lg" />
        <Skeleton className="h-11 w-28 rounded-lg" />
      </div>
    );
  }

  if (user) {
    // A brand-new account is greeted, not welcomed back.
    const isNewAccount = Date.now() - user.createdAt.getTime() < 10 * 60_000;
    return (
      <div className="flex flex-col items-center gap-5">
        <p className="text-lg font-medium">
          {isNewAccount ? 'Welcome to Kiln, ' : 'Welcome back, '}
          <span className="text-brand-foreground">{firstName(user.name)}</span>.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to={`/users/${encodeURIComponent(user.id)}`}>
              Your components <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col items-center gap-3">
      <div className="flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
        <Button asChild size="lg">
          <Link to="/signup">
            Start building for free <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/login">Sign in</Link>
        </Button>
      </div>
      <p className="text-[13px] text-muted-foreground">No credit card needed.</p>
    </div>
  );
}
