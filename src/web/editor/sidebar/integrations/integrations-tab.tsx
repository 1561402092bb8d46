import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LogIn, PlugZap, RotateCw, Sparkles } from 'lucide-react';
import { useMe } from '../../../auth/use-me.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { chatIntegrationsQueryOptions, useSetChatIntegration } from '../../data/chat-integrations-query.ts';
import { useEditor } from '../../state/editor-context.ts';
import { Notice } from '../deployment/notice.tsx';
import { PanelFallback } from '../panel-fallback.tsx';
import { IntegrationTypeRow } from './integration-type-row.tsx';

/**
 * Spec §2 "Integrations tab": sign-in notice, premium upsell, 'Configure Integrations' when the
 * person has none, else a switch per type (spec §6: authorized + premium, `manageIntegrations`).
 */
export default function IntegrationsTab() {
  const { chatId, permissions } = useEditor();
  const me = useMe();
  const signedIn = me.data ? me.data.user !== null : permissions.manageIntegrations;
  const isPremium = me.data ? me.data.isPremium : permissions.manageIntegrations;
  const query = useQuery(chatIntegrationsQueryOptions(chatId, signedIn && isPremium));
  const setIntegration = useSetChatIntegration(chatId);

  let body: React.ReactNode;
  if (!signedIn) {
    body = (
      <Notice icon={<LogIn aria-hidden="true" />} title="Please login to manage integrations">
        Sign in to connect this component to your database, payments, storage and e-mail.
      </Notice>
    );
  } else if (!isPremium) {
    body = (
      <Notice tone="brand" icon={<Sparkles aria-hidden="true" />} title="Premium feature required">
        Upgrade to connect this component to your own backend services.{' '}
        <Link to="/pricing" className="font-medium underline underline-offset-2">
          See plans
        </Link>
      </Notice>
    );
  } else if (query.isError) {
    body = (
      <div className="flex flex-col gap-3">
        <ErrorAlert>Could not load the integrations: {query.error.message}</ErrorAlert>
        <Button variant="outline" className="self-start" onClick={() => void query.refetch()}>
          <RotateCw aria-hidden="true" /> Try again
        </Button>
      </div>
    );
  } else if (!query.data) {
    return <PanelFallback />;
  } else if (query.data.types.every((type) => type.integrations.length === 0)) {
    body = (
      <Notice icon={<PlugZap aria-hidden="true" />} title="No integrations yet">
        Add your database, payments, storage or e-mail keys first.{' '}
        <Link to="/account/integrations" className="font-medium underline underline-offset-2">
          Configure Integrations
        </Link>
      </Notice>
    );
  } else {
    body = (
      <>
        <ul className="flex flex-col gap-2">
          {query.data.types.map((state) => (
            <IntegrationTypeRow
              key={state.type}
              state={state}
              busy={setIntegration.isPending}
              onChange={(integrationId) => setIntegration.mutateAsync({ type: state.type, integrationId })}
            />
          ))}
        </ul>
        <Link
          to="/account/integrations"
          className="self-start text-[13px] font-medium underline underline-offset-2"
        >
          Manage
        </Link>
      </>
    );
  }

  return (
    <div className="flex flex-col gap-4 p-4">
      <header className="flex flex-col gap-1">
        <h2 className="text-base font-semibold tracking-tight">Integrations</h2>
        <p className="text-[13px] leading-snug text-muted-foreground">
          Give this component your own backend: its previews get the public keys of what you enable here,
          never the secret ones.
        </p>
      </header>
      {body}
    </div>
  );
}
