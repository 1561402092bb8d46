import { ScrollText } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { cn } from '../../lib/cn.ts';
import { useEditor } from '../state/editor-context.ts';
import { setLogsOpen } from './logs-open.ts';
import { useAppServer } from './use-app-server.ts';

/**
 * 'Logs' in the preview header (issue 22 item 5): opens the app server's log under the preview.
 * Only for the owner (the server answers viewPrivateTabs only) of a version that has a server.
 */
export function LogsToggle() {
  const { chatId, setView } = useEditor();
  const { hasServer, isOpen } = useAppServer();
  if (!hasServer) return null;
  return (
    <Tooltip content={isOpen ? 'Hide the server log' : "Show the app server's log"}>
      <Button
        variant="ghost"
        size="sm"
        className={cn('h-8 gap-1.5 px-2', isOpen && 'bg-accent text-accent-foreground ring-1 ring-ring')}
        aria-pressed={isOpen}
        aria-controls={isOpen ? 'server-logs' : undefined}
        onClick={() => {
          if (!isOpen) setView('preview');
          setLogsOpen(chatId, !isOpen);
        }}
      >
        <ScrollText aria-hidden="true" />
        {/* Narrow headers keep the icon; the name stays for screen readers and the tooltip says it. */}
        <span className="max-md:sr-only">Logs</span>
      </Button>
    </Tooltip>
  );
}
