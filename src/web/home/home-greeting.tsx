import { useSession } from '../auth/use-session.ts';

function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? fullName;
}

/** A line above the prompt box for a signed-in person; a brand-new account is greeted, not welcomed back. */
export function HomeGreeting() {
  const { user } = useSession();
  if (!user) return null;
  const isNewAccount = Date.now() - user.createdAt.getTime() < 10 * 60_000;
  return (
    <p className="mb-4 text-base font-medium">
      {isNewAccount ? 'Welcome to Kiln, ' : 'Welcome back, '}
      <span className="text-brand-foreground">{firstName(user.name)}</span>.
    </p>
  );
}
