import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FolderGit2, TriangleAlert } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { connectionQueryOptions } from '../lib/codehost-queries.ts';
import type { CodeHostConnection, CodeHostMethod } from '../lib/codehost-types.ts';
import { asSentence } from '../lib/sentence.ts';
import { ConnectGithubDialog } from './connect-github-dialog.tsx';
import { DisconnectGithubButton } from './disconnect-github-button.tsx';
import { useDeviceFlow } from './use-device-flow.ts';
import { useGithubCallbackToast } from './use-github-callback-toast.ts';

const METHOD_LABELS: Record<CodeHostMethod, string> = {
  device: 'Connected with a device code',
  web: 'Connected through GitHub sign-in',
  token: 'Connected with a personal access token',
};

/**
 * Spec §2: '/account — code-hosting connection lives here'. Not connected: 'Connect GitHub'.
 * Connected: the GitHub username, how it was connected, and Disconnect. A token GitHub refused on
 * use shows the reason and offers to connect again.
 */
export function GithubConnection({ userId }: { userId: string }) {
  useGithubCallbackToast();
  const query = useQuery(connectionQueryOptions(userId));
  const [isDialogOpen, setIsDialogOpen] = useState(false);

  const onConnected = useCallback((username: string | null) => {
    setIsDialogOpen(false);
    toast.success('GitHub connected', { description: username ? `Signed in as ${username}.` : undefined });
  }, []);
  const device = useDeviceFlow(userId, onConnected);

  const openDialog = (connection: CodeHostConnection) => {
    setIsDialogOpen(true);
    if (connection.methods.device) void device.start();
  };
  const onOpenChange = (open: boolean) => {
    setIsDialogOpen(open);
    if (!open) device.cancel();
  };

  const connection = query.data;
  const isConnected = connection?.connected === true && connection.problem === null;
  // A connection GitHub refused is still stored (its username, its problem) until disconnected.
  const isStored = connection?.connected === true || Boolean(connection?.username);
  return (
    <div className="flex flex-col gap-3 rounded-xl border p-3">
      <div className="flex flex-wrap items-center gap-3">
        <span className="flex size-9 items-center justify-center rounded-lg bg-muted">
          <FolderGit2 aria-hidden="true" className="size-4" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium">GitHub</p>
          {!connection ? (
            query.isError ? (
              <p className="text-[13px] text-destructive">
                Could not load the connection: {query.error.message}
              </p>
            ) : (
              <Skeleton className="mt-1 h-3.5 w-40" />
            )
          ) : isConnected ? (
            <p className="text-[13px] text-muted-foreground">
              <span className="font-medium text-foreground">{connection.username}</span>
              {connection.method ? ` · ${METHOD_LABELS[connection.method]}` : null}
            </p>
          ) : (
            <p className="text-[13px] text-muted-foreground">
              Not connected · sync components with repositories in your account.
            </p>
          )}
        </div>
        {connection ? (
          <div className="flex gap-2">
            {isConnected ? null : (
              <Button size="sm" onClick={() => openDialog(connection)}>
                {isStored ? 'Connect again' : 'Connect GitHub'}
              </Button>
            )}
            {isStored ? <DisconnectGithubButton userId={userId} username={connection.username} /> : null}
          </div>
        ) : null}
      </div>
      {connection?.problem ? (
        <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-[13px] leading-snug text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
          <TriangleAlert
            aria-hidden="true"
            className="mt-px size-4 shrink-0 text-amber-600 dark:text-amber-400"
          />
          <span>
            GitHub refused the saved connection{connection.username ? ` for ${connection.username}` : ''}:{' '}
            <span className="font-medium">{asSentence(connection.problem)}</span> Connect again to keep
            syncing.
          </span>
        </p>
      ) : null}
      {isConnected && connection.scopes.length > 0 ? (
        <p className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
          Access:
          {connection.scopes.map((scope) => (
            <Badge key={scope} variant="outline" className="font-mono font-normal">
              {scope}
            </Badge>
          ))}
        </p>
      ) : null}
      {connection ? (
        <ConnectGithubDialog
          open={isDialogOpen}
          onOpenChange={onOpenChange}
          userId={userId}
          methods={connection.methods}
          device={device}
          onTokenConnected={(next) => {
            // The device flow started with the dialog stops polling too.
            device.cancel();
            onConnected(next.username);
          }}
        />
      ) : null}
    </div>
  );
}
