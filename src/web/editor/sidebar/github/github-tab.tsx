import { useQuery } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { useMe } from '../../../auth/use-me.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { chatCodeHostQueryOptions } from '../../data/codehost-query.ts';
import { useEditor } from '../../state/editor-context.ts';
import { PanelFallback } from '../panel-fallback.tsx';
import { NotConnectedNotice, PremiumRequiredNotice } from './access-notices.tsx';
import { CreateRepositoryForm } from './create-repository-form.tsx';
import { githubTabState, githubTabStateFromError, type GithubTabState } from './github-tab-state.ts';
import { LinkedRepository } from './linked-repository.tsx';
import { SyncPanel } from './sync-panel.tsx';

/**
 * Spec §2 "Code-hosting sync tab": premium upsell, 'GitHub not connected', the create-repository
 * form, or the linked repository with 'Sync Current Version'. Spec §6: authorized + premium.
 */
export default function GithubTab() {
  const { chatId, permissions } = useEditor();
  const me = useMe();
  // The policy's answer carries premium too; `me` says it when the chat's capability is unknown.
  const isPremium = me.data ? me.data.isPremium : permissions.syncCodeHost;
  const query = useQuery(chatCodeHostQueryOptions(chatId, isPremium));

  let state: GithubTabState | null = null;
  if (!isPremium) state = { kind: 'premium-required' };
  else if (query.data) state = githubTabState(true, query.data);
  else if (query.isError) state = githubTabStateFromError(query.error);

  if (!state) {
    if (query.isError) {
      return (
        <div className="flex flex-col gap-3 p-4">
          <ErrorAlert>Could not load the GitHub connection: {query.error.message}</ErrorAlert>
          <Button variant="outline" className="self-start" onClick={() => void query.refetch()}>
            <RotateCw aria-hidden="true" /> Try again
          </Button>
        </div>
      );
    }
    return <PanelFallback />;
  }

  return (
    <div className="flex flex-col gap-4 p-4">
      <header className="flex flex-col gap-1">
        <h2 className="text-base font-semibold tracking-tight">GitHub</h2>
        <p className="text-[13px] leading-snug text-muted-foreground">
          Keep this component in a GitHub repository: push versions to it, and pull changes made there back as
          new versions.
        </p>
      </header>
      <TabBody state={state} />
    </div>
  );
}

function TabBody({ state }: { state: GithubTabState }) {
  switch (state.kind) {
    case 'premium-required':
      return <PremiumRequiredNotice />;
    case 'not-connected':
      return <NotConnectedNotice problem={state.problem} repo={state.repo} />;
    case 'create-repository':
      return <CreateRepositoryForm username={state.username} />;
    case 'linked':
      return (
        <>
          <LinkedRepository username={state.username} repo={state.repo} lastSync={state.lastSync} />
          <SyncPanel repo={state.repo} syncedVersion={state.syncedVersion} />
        </>
      );
  }
}
