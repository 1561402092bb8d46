import { useState } from 'react';
import { ChevronDown, Globe, KeyRound, MonitorSmartphone } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogIcon,
  DialogTitle,
} from '../components/ui/dialog.tsx';
import type { CodeHostConnection } from '../lib/codehost-types.ts';
import { DeviceFlowPanel } from './device-flow-panel.tsx';
import type { DeviceFlowView } from './device-flow.ts';
import { TokenForm } from './token-form.tsx';

/** GET /api/codehost/oauth/start: GitHub's web flow (when the operator set the client secret). */
export const WEB_FLOW_START = '/api/codehost/oauth/start';

interface ConnectGithubDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userId: string;
  methods: CodeHostConnection['methods'];
  device: { view: DeviceFlowView; start: () => void };
  onTokenConnected: (connection: CodeHostConnection) => void;
}

/**
 * 'Connect GitHub' (issue 15): the device flow first (a code typed on github.com; it needs no
 * callback address, which suits self-hosting), 'Continue in the browser' for the web flow when the
 * server offers it, and 'Use a personal access token'.
 */
export function ConnectGithubDialog({
  open,
  onOpenChange,
  userId,
  methods,
  device,
  onTokenConnected,
}: ConnectGithubDialogProps) {
  const [isTokenOpen, setIsTokenOpen] = useState(!methods.device && !methods.web);
  const hasOthers = methods.device || methods.web;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogIcon>
            <MonitorSmartphone />
          </DialogIcon>
          <DialogTitle>Connect GitHub</DialogTitle>
          <DialogDescription>
            Kiln creates repositories in your account, pushes versions to them and pulls changes back.
          </DialogDescription>
        </DialogHeader>

        {methods.device ? (
          <section aria-label="Sign in with a code" className="grid gap-3">
            <DeviceFlowPanel view={device.view} onStart={device.start} />
          </section>
        ) : null}

        {hasOthers ? (
          <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
            <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
          </div>
        ) : null}

        <div className="grid gap-2">
          {methods.web ? (
            <Button asChild variant="outline" className="w-full">
              <a href={WEB_FLOW_START}>
                <Globe aria-hidden="true" /> Continue in the browser
              </a>
            </Button>
          ) : null}
          {hasOthers ? (
            <Button
              variant="ghost"
              className="w-full"
              aria-expanded={isTokenOpen}
              onClick={() => setIsTokenOpen((isOpen) => !isOpen)}
            >
              <KeyRound aria-hidden="true" /> Use a personal access token
              <ChevronDown
                aria-hidden="true"
                className={isTokenOpen ? 'rotate-180 transition-transform' : 'transition-transform'}
              />
            </Button>
          ) : null}
          {isTokenOpen ? (
            <div className="rounded-xl border p-4">
              <TokenForm userId={userId} onConnected={onTokenConnected} />
            </div>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
