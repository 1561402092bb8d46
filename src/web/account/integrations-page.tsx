import { Link, Navigate, useLocation } from 'react-router';
import { ArrowLeft, CreditCard, Database, HardDrive, KeyRound, Mail, type LucideIcon } from 'lucide-react';
import { useSession } from '../auth/use-session.ts';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** Spec §3 "User integration": the integration types (configuration comes with the integrations issue). */
const INTEGRATION_TYPES: readonly { id: string; icon: LucideIcon; title: string; description: string }[] = [
  {
    id: 'database',
    icon: Database,
    title: 'Hosted database',
    description: 'Tables and migrations for generated backends.',
  },
  {
    id: 'payments',
    icon: CreditCard,
    title: 'Card payments',
    description: 'Checkout and subscriptions in your apps.',
  },
  { id: 'storage', icon: HardDrive, title: 'Blob storage', description: 'Uploads and files for your apps.' },
  { id: 'email', icon: Mail, title: 'E-mail sending', description: 'Transactional e-mail from your apps.' },
  { id: 'auth', icon: KeyRound, title: 'Auth', description: 'Sign-in for the people using your apps.' },
];

/** /account/integrations: one section per integration type, to be filled by the integrations work. */
export default function IntegrationsPage() {
  useDocumentTitle('Integrations');
  const { user, isPending } = useSession();
  const location = useLocation();
  if (isPending) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6" role="status" aria-label="Loading">
        <Skeleton className="h-8 w-48" />
      </div>
    );
  }
  if (!user) return <Navigate to={`/login?next=${encodeURIComponent(location.pathname)}`} replace />;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <Link
        to="/account"
        className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-3.5" /> Account
      </Link>
      <h1 className="mt-3 text-2xl font-semibold tracking-tight sm:text-3xl">Integrations</h1>
      <p className="mt-1.5 text-sm text-muted-foreground">
        Connect services once; then switch them on per component so Kiln also writes the backend code.
      </p>
      <ul className="mt-8 grid gap-3">
        {INTEGRATION_TYPES.map((type) => (
          <li key={type.id}>
            <section
              aria-labelledby={`integration-${type.id}`}
              className="flex items-center gap-4 rounded-2xl border bg-card p-4"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-muted">
                <type.icon aria-hidden="true" className="size-5 text-muted-foreground" />
              </span>
              <div className="min-w-0 flex-1">
                <h2 id={`integration-${type.id}`} className="text-sm font-semibold">
                  {type.title}
                </h2>
                <p className="text-[13px] text-muted-foreground">{type.description}</p>
              </div>
              <span className="shrink-0 rounded-full border px-2 py-0.5 text-xs text-muted-foreground">
                Not configured
              </span>
            </section>
          </li>
        ))}
      </ul>
    </div>
  );
}
