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
    // In the gap above the prompt box (Hero's action area is relative): it appears once the
    // session is known without moving anything (layout shift, issue 35 item 5).
    <p className="absolute inset-x-0 -top-9 truncate text-base font-medium">
      {isNewAccount ? 'Welcome to Kiln, ' : 'Welcome back, '}
      <span className="text-brand-foreground">{firstName(user.name)}</span>.
    </p>
  );
}
