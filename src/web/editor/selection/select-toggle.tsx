import { MousePointerClick } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { cn } from '../../lib/cn.ts';
import type { PreviewStatus } from '../preview/use-preview-status.ts';
import { useEditor } from '../state/editor-context.ts';
import { useElementSelection } from './selection-store.ts';

/**
 * 'Select' in the preview header (issue 17 item 2): while on, the preview outlines the element
 * under the pointer and a click picks it for the next prompt. For people who can send one, on a
 * shown (built) version.
 */
export function SelectToggle({ status }: { status: PreviewStatus }) {
  const { chatId, permissions, isGenerating, setView } = useEditor();
  const { isSelecting, setSelecting } = useElementSelection(chatId);
  if (!permissions.edit) return null;
  const canSelect = status === 'ready' && !isGenerating;
  const isOn = isSelecting && canSelect;
  return (
    <Tooltip content={isOn ? 'Click an element in the preview (Esc to stop)' : 'Select an element to change'}>
      <Button
        variant="ghost"
        size="sm"
        className={cn('h-8 gap-1.5 px-2', isOn && 'bg-accent text-accent-foreground ring-1 ring-ring')}
        aria-pressed={isOn}
        disabled={!canSelect}
        onClick={() => {
          if (!isOn) setView('preview');
          setSelecting(!isOn);
        }}
      >
        <MousePointerClick aria-hidden="true" />
        Select
      </Button>
    </Tooltip>
  );
}
