import { ExternalLink, RotateCw } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import { ErrorAlert } from '../components/ui/alert.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { CopyCodeButton } from './copy-code-button.tsx';
import type { DeviceFlowView } from './device-flow.ts';

interface DeviceFlowPanelProps {
  view: DeviceFlowView;
  onStart: () => void;
}

/** The address without its scheme, as people type it: 'github.com/login/device'. */
function shortAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return url;
  }
}

/**
 * The device flow on screen: the code, large, with a copy button and a link to GitHub's page
 * where it is entered; then the wait, or why it ended.
 */
export function DeviceFlowPanel({ view, onStart }: DeviceFlowPanelProps) {
  if (view.phase === 'idle' || view.phase === 'starting') {
    return (
      <Button size="lg" className="w-full" onClick={onStart} disabled={view.phase === 'starting'}>
        {view.phase === 'starting' ? <Spinner /> : null}
        {view.phase === 'starting' ? 'Getting a code...' : 'Get a code'}
      </Button>
    );
  }
  if (view.phase === 'failed') {
    return (
      <div className="grid gap-3">
        <ErrorAlert>
          <p className="font-medium">{view.title}</p>
          <p className="mt-0.5">{view.message}</p>
        </ErrorAlert>
        <Button variant="outline" className="justify-self-start" onClick={onStart}>
          <RotateCw aria-hidden="true" /> Start again
        </Button>
      </div>
    );
  }
  if (view.phase === 'connected') {
    return (
      <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
        Connected{view.username ? ` as ${view.username}` : ''}.
      </p>
    );
  }
  const minutes = Math.max(1, Math.round((view.expiresAt - Date.now()) / 60_000));
  return (
    <div className="grid gap-4">
      <ol className="grid gap-1 text-sm text-muted-foreground">
        <li>
          1. Open{' '}
          <a
            href={view.verificationUri}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 font-medium text-foreground underline underline-offset-2"
          >
            {shortAddress(view.verificationUri)}
            <ExternalLink aria-hidden="true" className="size-3" />
          </a>
        </li>
        <li>2. Enter this code and authorize Kiln.</li>
      </ol>
      <div className="flex flex-col items-center gap-3 rounded-xl border bg-muted/40 px-4 py-5">
        <p
          aria-label={`Your code: ${view.userCode.split('').join(' ')}`}
          data-testid="device-user-code"
          className="font-mono text-3xl font-semibold tracking-[0.18em] select-all sm:text-4xl"
        >
          {view.userCode}
        </p>
        <CopyCodeButton code={view.userCode} />
      </div>
      <p role="status" className="flex items-center gap-2 text-[13px] text-muted-foreground">
        <Spinner className="size-3.5" /> Waiting for you to authorize on GitHub… The code expires in about{' '}
        {minutes} {minutes === 1 ? 'minute' : 'minutes'}.
      </p>
    </div>
  );
}
