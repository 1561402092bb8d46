import { RotateCcw } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useEditor } from '../../state/editor-context.ts';
import { useRestoreVersion } from './use-restore-version.ts';

/**
 * 'Restore this version' (issue 17 item 5): a new version whose files equal this one's, made
 * without the AI; it becomes the version on screen.
 */
export function RestoreVersionButton({ version, className }: { version: number; className?: string }) {
  const { slug, chatId, isGenerating, selectVersion } = useEditor();
  const restore = useRestoreVersion(slug, chatId);
  return (
    <Button
      variant="ghost"
      size="sm"
      className={className}
      disabled={isGenerating || restore.isPending}
      title="Creates a new version with this version's files; the later versions stay"
      onClick={() =>
        restore.mutate(version, {
          onSuccess: (restored) => {
            selectVersion(restored.version);
            toast.success(`Version #${version} restored`, {
              description: `Saved as version #${restored.version}.`,
            });
          },
          onError: (error) => toast.error('Could not restore the version', { description: error.message }),
        })
      }
    >
      {restore.isPending ? <Spinner /> : <RotateCcw aria-hidden="true" />}
      Restore as new version<span className="sr-only"> (#{version})</span>
    </Button>
  );
}
