import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useLocation } from 'react-router';
import {
  ArrowLeft,
  CreditCard,
  Database,
  HardDrive,
  KeyRound,
  Mail,
  Plus,
  type LucideIcon,
} from 'lucide-react';
import { INTEGRATION_TYPE_LABELS, providersOf, type IntegrationType } from '../../core/integrations/index.ts';
import { useSession } from '../auth/use-session.ts';
import { ErrorAlert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { IntegrationFormDialog } from './integrations/integration-form-dialog.tsx';
import { IntegrationItem } from './integrations/integration-item.tsx';
import { integrationsQueryOptions, type Integration } from './integrations/queries.ts';

/** Spec §3 "User integration": the integration types, each with its providers. */
const INTEGRATION_TYPES: readonly { id: IntegrationType; icon: LucideIcon; description: string }[] = [
  { id: 'database', icon: Database, description: 'Tables and migrations for generated backends.' },
  { id: 'payments', icon: CreditCard, description: 'Checkout and subscriptions in your apps.' },
  { id: 'storage', icon: HardDrive, description: 'Uploads and files for your apps.' },
  { id: 'email', icon: Mail, description: 'Transactional e-mail from your apps.' },
  { id: 'auth', icon: KeyRound, description: 'Sign-in for the people using your apps.' },
];

type DialogState = { type: IntegrationType; editing?: Integration } | null;

/** /account/integrations (issue 16 item 1): add, edit, test and remove integrations per type. */
export default function IntegrationsPage() {
  useDocumentTitle('Integrations');
  const { user, isPending } = useSession();
  const location = useLocation();
  const list = useQuery(integrationsQueryOptions(user?.id ?? null));
  const [dialog, setDialog] = useState<DialogState>(null);

  if (isPending) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6" role="status" aria-label="Loading">
        <Skeleton className="h-8 w-48" />
      </div>
    );
  }
  if (!user) return <Navigate to={`/login?next=${encodeURIComponent(location.pathname)}`} replace />;
  const integrations = list.data ?? [];
  const supabaseProjects = integrations.filter((integration) => integration.provider === 'supabase');

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
      {list.isError ? (
        <ErrorAlert className="mt-6">Could not load your integrations: {list.error.message}</ErrorAlert>
      ) : null}
      <ul className="mt-8 grid gap-3">
        {INTEGRATION_TYPES.map((type) => {
          const configured = integrations.filter((integration) => integration.type === type.id);
          const title = INTEGRATION_TYPE_LABELS[type.id];
          const providerNames = providersOf(type.id)
            .map((provider) => provider.label)
            .join(' or ');
          return (
            <li key={type.id}>
              <section
                aria-labelledby={`integration-${type.id}`}
                className="grid gap-3 rounded-2xl border bg-card p-4"
              >
                <div className="flex items-center gap-4">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-muted">
                    <type.icon aria-hidden="true" className="size-5 text-muted-foreground" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <h2 id={`integration-${type.id}`} className="text-sm font-semibold">
                      {title}
                    </h2>
                    <p className="text-[13px] text-muted-foreground">
                      {type.description} {providerNames}.
                    </p>
                  </div>
                  {list.isPending ? (
                    <Skeleton className="h-8 w-20" />
                  ) : (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setDialog({ type: type.id })}
                      aria-label={`Add ${title.toLowerCase()} integration`}
                    >
                      <Plus aria-hidden="true" />
                      <span>Add</span>
                    </Button>
                  )}
                </div>
                {configured.length > 0 ? (
                  <ul className="grid gap-2" aria-label={`${title} integrations`}>
                    {configured.map((integration) => (
                      <IntegrationItem
                        key={integration.id}
                        userId={user.id}
                        integration={integration}
                        onEdit={() => setDialog({ type: type.id, editing: integration })}
                      />
                    ))}
                  </ul>
                ) : null}
              </section>
            </li>
          );
        })}
      </ul>
      {dialog ? (
        <IntegrationFormDialog
          key={dialog.editing?.id ?? dialog.type}
          userId={user.id}
          type={dialog.type}
          {...(dialog.editing ? { editing: dialog.editing } : {})}
          supabaseProjects={supabaseProjects}
          open
          onOpenChange={(open) => {
            if (!open) setDialog(null);
          }}
        />
      ) : null}
    </div>
  );
}
