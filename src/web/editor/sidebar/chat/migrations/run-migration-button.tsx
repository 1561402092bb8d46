import { useMemo } from 'react';
import { Database } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import { useEditor, useEditorStream } from '../../../state/editor-context.ts';
import { migrationCardId, pendingMigrations, versionMigrations } from './migration-status.ts';

/** Spec §2 input form: 'Run Migration' scrolls to the pending migrations of the selected version. */
export function RunMigrationButton() {
  const { selectedMessages, isGenerating, setSidebarTab } = useEditor();
  const { snapshot } = useEditorStream();
  const assistant = selectedMessages.assistant;
  const first = useMemo(() => {
    if (!assistant || !snapshot) return null;
    return pendingMigrations(versionMigrations(snapshot.files, assistant.migrationsExecuted))[0] ?? null;
  }, [assistant, snapshot]);
  if (first === null || isGenerating) return null;
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="outline"
        onClick={() => {
          setSidebarTab('chat');
          // The chat tab may only now be mounting: look the card up on the next frame.
          requestAnimationFrame(() => {
            document
              .getElementById(migrationCardId(first.name))
              ?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
          });
        }}
      >
        <Database aria-hidden="true" /> Run Migration
      </Button>
    </div>
  );
}
