import { useMemo } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { parseSnapshot } from '../../../../core/artifact/index.ts';
import { readInstructions } from '../../../../core/instructions/index.ts';
import { Label } from '../../../components/ui/label.tsx';
import { InstructionsEditor } from '../../../instructions/instructions-editor.tsx';
import { apiFetch } from '../../../lib/api.ts';
import { chatQueryKey } from '../../data/chat-query.ts';
import { useEditor } from '../../state/editor-context.ts';

/**
 * The chat's project instructions (issue 17 item 4), for its owner: KILN.md of the newest
 * version. Saving stores a new version with KILN.md, without the AI, and selects it.
 */
export function InstructionsSection() {
  const { data, latestVersion } = useEditor();
  const latestCode = latestVersion === null ? undefined : data.snapshots[latestVersion];
  const saved = useMemo(
    () => (latestCode ? readInstructions(parseSnapshot(latestCode)).trim() : ''),
    [latestCode],
  );
  // A newer version (generated, restored) may carry other instructions: the form starts again.
  return <InstructionsForm key={saved} saved={saved} />;
}

function InstructionsForm({ saved }: { saved: string }) {
  const { slug, chatId, latestVersion, selectVersion, isGenerating } = useEditor();
  const queryClient = useQueryClient();

  const save = useMutation({
    mutationFn: async (instructions: string) => {
      const result = await apiFetch<{ version: number; isNew: boolean }>(
        `/api/chats/${encodeURIComponent(chatId)}/instructions`,
        { method: 'PUT', body: JSON.stringify({ instructions }) },
      );
      await queryClient.invalidateQueries({ queryKey: chatQueryKey(slug) });
      return result;
    },
    onSuccess: ({ version, isNew }) => {
      if (!isNew) return;
      selectVersion(version);
      toast.success('Instructions saved', { description: `Version #${version} holds them in KILN.md.` });
    },
    onError: (error) => toast.error('Could not save the instructions', { description: error.message }),
  });

  return (
    <section className="rounded-xl border bg-card p-4" aria-labelledby="instructions-label">
      <div className="mb-3 grid gap-1">
        <Label id="instructions-label" htmlFor="chat-instructions">
          Instructions
        </Label>
        <p id="instructions-hint" className="text-[13px] leading-snug text-muted-foreground">
          Sent to the AI with every prompt of this chat. Saved as KILN.md in a new version, so they travel
          with the download and GitHub.
        </p>
      </div>
      <InstructionsEditor
        id="chat-instructions"
        describedBy="instructions-hint"
        saved={saved}
        placeholder="e.g. Use British English. Keep every component accessible."
        submitLabel="Save instructions"
        isSaving={save.isPending}
        isDisabled={isGenerating || latestVersion === null}
        onSave={(text) => save.mutate(text)}
      />
    </section>
  );
}
