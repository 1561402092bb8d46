import { useId, useState } from 'react';
import { ArrowDownToLine, ArrowUpFromLine, GitPullRequestArrow } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { LinkedRepo, SkippedFile } from '../../../lib/codehost-types.ts';
import { useChatCodeHostCache } from '../../data/codehost-query.ts';
import { usePull, usePush } from '../../data/use-codehost-mutations.ts';
import { useEditor } from '../../state/editor-context.ts';
import { Notice } from '../deployment/notice.tsx';
import { OverrideButton } from './override-button.tsx';
import { showSyncToast } from './show-sync-toast.ts';
import { isNotConnected, isRemoteChanged, pullToast, pushToast, syncFailureToast } from './sync-toasts.ts';

interface SyncPanelProps {
  repo: LinkedRepo;
  /** The version GitHub's branch holds since the last push or pull (null before the first). */
  syncedVersion: number | null;
}

/**
 * Spec §2 'Sync Current Version': Pull, Push and Force Push ('Override GitHub') of the version on
 * screen. A push GitHub refuses (commits made there since the last sync) offers Pull or Override;
 * a pull's new version becomes the selected one (spec §4), as after a generation.
 */
export function SyncPanel({ repo, syncedVersion }: SyncPanelProps) {
  const { slug, chatId, selectedVersion, latestVersion, isGenerating, selectVersion } = useEditor();
  const headingId = useId();
  const push = usePush(chatId);
  const pull = usePull(slug, chatId);
  const cache = useChatCodeHostCache(chatId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [skipped, setSkipped] = useState<{ version: number; files: SkippedFile[] } | null>(null);

  const isBusy = push.isPending || pull.isPending;
  const forcing = push.isPending && push.variables.force === true;
  const disabled = isBusy || isGenerating;

  const onFailure = (action: 'push' | 'force' | 'pull', error: unknown) => {
    if (isRemoteChanged(error)) setRefusal(error instanceof Error ? error.message : null);
    // GitHub refused the token: the tab goes back to 'GitHub not connected' with the reason.
    if (isNotConnected(error)) void cache.refresh();
    showSyncToast(syncFailureToast(action, error));
  };

  const onPush = (force: boolean) => {
    if (selectedVersion === null) return;
    const version = selectedVersion;
    push.mutate(
      { version, ...(force ? { force: true } : {}) },
      {
        onSuccess: (result) => {
          setRefusal(null);
          showSyncToast(pushToast(result, { version, repo: repo.fullName, force }));
        },
        onError: (error) => onFailure(force ? 'force' : 'push', error),
      },
    );
  };

  const onPull = () => {
    pull.mutate(undefined, {
      onSuccess: (result) => {
        setRefusal(null);
        if (result.version !== null) {
          selectVersion(result.version);
          setSkipped(result.skipped.length > 0 ? { version: result.version, files: result.skipped } : null);
        }
        showSyncToast(pullToast(result, repo.fullName));
      },
      onError: (error) => onFailure('pull', error),
    });
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-xl border p-3">
      <div className="grid gap-0.5">
        <h3 id={headingId} className="text-sm font-semibold">
          Sync Current Version
        </h3>
        <p className="text-[13px] leading-snug text-muted-foreground">
          {selectedVersion === null ? (
            'No version to sync yet.'
          ) : (
            <>
              <span className="font-medium text-foreground">
                Version #{selectedVersion}
                {selectedVersion === latestVersion ? ' (Latest)' : ''}
              </span>
              {' · '}
              {syncedVersion === null
                ? 'not on GitHub yet'
                : syncedVersion === selectedVersion
                  ? 'this version is on GitHub'
                  : `GitHub has Version #${syncedVersion}`}
            </>
          )}
        </p>
      </div>

      {refusal !== null ? (
        <Notice
          tone="warning"
          icon={<GitPullRequestArrow aria-hidden="true" />}
          title="GitHub has newer commits"
          role="alert"
        >
          <p>{refusal || 'Pull them first, or Override GitHub to replace them.'}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={onPull} disabled={disabled}>
              <ArrowDownToLine aria-hidden="true" /> Pull
            </Button>
            <OverrideButton
              repo={repo}
              version={selectedVersion}
              disabled={disabled}
              isPending={forcing}
              onConfirm={() => onPush(true)}
              className="h-8 px-3 text-[13px]"
            />
          </div>
        </Notice>
      ) : null}

      <div className="grid grid-cols-2 gap-2">
        <Button
          variant="outline"
          onClick={onPull}
          disabled={disabled}
          aria-busy={pull.isPending || undefined}
        >
          {pull.isPending ? <Spinner /> : <ArrowDownToLine aria-hidden="true" />}
          {pull.isPending ? 'Pulling...' : 'Pull'}
        </Button>
        <Button
          onClick={() => onPush(false)}
          disabled={disabled || selectedVersion === null}
          aria-busy={(push.isPending && !forcing) || undefined}
        >
          {push.isPending && !forcing ? <Spinner /> : <ArrowUpFromLine aria-hidden="true" />}
          {push.isPending && !forcing ? 'Pushing...' : 'Push'}
        </Button>
        <OverrideButton
          repo={repo}
          version={selectedVersion}
          disabled={disabled}
          isPending={forcing}
          onConfirm={() => onPush(true)}
          className="col-span-2"
        />
      </div>
      <p className="text-xs leading-snug text-muted-foreground">
        Push commits the version to{' '}
        {repo.defaultBranch ? <span className="font-mono">{repo.defaultBranch}</span> : 'the default branch'};
        Pull turns the branch&apos;s latest commit into a new version.
      </p>

      {skipped ? (
        <div className="rounded-lg bg-muted/60 px-3 py-2 text-[13px]">
          <p className="font-medium">Left out of Version #{skipped.version}</p>
          <ul className="mt-1 grid gap-0.5 text-muted-foreground">
            {skipped.files.map((file) => (
              <li key={file.path} className="[overflow-wrap:anywhere]">
                <span className="font-mono text-foreground">{file.path}</span> — {file.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
