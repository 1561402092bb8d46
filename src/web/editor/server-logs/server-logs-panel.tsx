import { RotateCw, X } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import { useEditor } from '../state/editor-context.ts';
import { isScrolledToBottom, lineTime, serverStateLabel, type AppServerView } from './app-server-view.ts';
import { setLogsOpen } from './logs-open.ts';
import { useAppServer, useRestartServer } from './use-app-server.ts';

const STATE_DOT: Record<AppServerView['state'], string> = {
  running: 'bg-emerald-500',
  starting: 'bg-amber-500',
  stopped: 'bg-muted-foreground',
  crashed: 'bg-destructive',
};

/**
 * The 'Logs' view under the preview (issue 22 item 5): the app server's state and its last lines,
 * newest at the bottom, asked again every 2 s while open; it follows new lines while the reader
 * is at the end. 'Restart server' stops it and reloads the preview, whose requests start it again.
 */
export function ServerLogsPanel() {
  const { chatId, reloadPreview, permissions, isGenerating } = useEditor();
  const { data, hasServer, isOpen } = useAppServer();
  const restart = useRestartServer();
  const box = useRef<HTMLDivElement>(null);
  const follows = useRef(true);
  const lines = data?.lines ?? [];
  const last = lines.at(-1);

  useLayoutEffect(() => {
    const element = box.current;
    if (element && follows.current) element.scrollTop = element.scrollHeight;
  }, [lines.length, last?.at, last?.text, isOpen]);

  if (!isOpen || !hasServer || !data) return null;
  const label = serverStateLabel(data);

  return (
    <section
      id="server-logs"
      aria-label="Server logs"
      className="flex h-64 max-h-[45%] min-h-40 shrink-0 flex-col border-t bg-card text-card-foreground"
    >
      <div className="flex items-center gap-2 border-b px-3 py-1.5">
        <h2 className="text-sm font-semibold tracking-tight">Logs</h2>
        <span className="text-xs text-muted-foreground">
          {data.kind === 'handler' ? 'api/ handler' : 'App server'}
        </span>
        <p
          role="status"
          data-testid="server-state"
          className="flex min-w-0 flex-1 items-center gap-1.5 truncate text-xs font-medium"
          title={label}
        >
          <span aria-hidden="true" className={cn('size-2 shrink-0 rounded-full', STATE_DOT[data.state])} />
          <span className={cn('truncate', data.state === 'crashed' && 'text-destructive')}>{label}</span>
        </p>
        {permissions.edit ? (
          <Button
            variant="outline"
            size="sm"
            className="h-7 gap-1.5 px-2 text-xs"
            disabled={restart.isPending || isGenerating}
            onClick={() =>
              restart.mutate(undefined, {
                onSuccess: () => reloadPreview(),
                onError: (error) =>
                  toast.error('The server could not be restarted', { description: error.message }),
              })
            }
          >
            {restart.isPending ? <Spinner /> : <RotateCw aria-hidden="true" />}
            Restart server
          </Button>
        ) : null}
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          aria-label="Close logs"
          onClick={() => setLogsOpen(chatId, false)}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
      <div
        ref={box}
        tabIndex={0}
        role="log"
        aria-label="Server output"
        onScroll={(event) => {
          follows.current = isScrolledToBottom(event.currentTarget);
        }}
        className="min-h-0 flex-1 overflow-auto bg-surface px-3 py-2 font-mono text-xs leading-relaxed"
      >
        {lines.length === 0 ? (
          <p className="text-muted-foreground">
            No output yet. The server starts with the preview's first request.
          </p>
        ) : (
          <ol>
            {lines.map((line, index) => (
              <li key={`${index}:${line.at}`} className="flex gap-3 whitespace-pre-wrap break-all">
                <time dateTime={line.at} className="shrink-0 text-muted-foreground select-none">
                  {lineTime(line.at)}
                </time>
                <span className={cn(line.text.startsWith('[kiln] ') && 'text-muted-foreground')}>
                  {line.text}
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
