import { useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { parseSnapshot } from '../../../../core/artifact/index.ts';
import { MAX_INSTRUCTIONS_CHARS, readInstructions } from '../../../../core/instructions/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
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
  const [text, setText] = useState(saved);

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

  const isTooLong = text.length > MAX_INSTRUCTIONS_CHARS;
  const isUnchanged = text.trim() === saved;
  return (
    <section className="rounded-xl border bg-card p-4" aria-labelledby="instructions-label">
      <div className="grid gap-1">
        <Label id="instructions-label" htmlFor="chat-instructions">
          Instructions
        </Label>
        <p id="instructions-hint" className="text-[13px] leading-snug text-muted-foreground">
          Sent to the AI with every prompt of this chat. Saved as KILN.md in a new version, so they travel
          with the download and GitHub.
        </p>
      </div>
      <form
        className="mt-3 grid gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (!isUnchanged && !isTooLong) save.mutate(text);
        }}
      >
        <Textarea
          id="chat-instructions"
          aria-describedby="instructions-hint"
          aria-invalid={isTooLong || undefined}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="e.g. Use British English. Keep every component accessible."
          className="min-h-28 text-sm"
        />
        <div className="flex items-center justify-between gap-2">
          <span className={isTooLong ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}>
            {text.length.toLocaleString('en')}/{MAX_INSTRUCTIONS_CHARS.toLocaleString('en')}
          </span>
          <Button
            type="submit"
            size="sm"
            disabled={isUnchanged || isTooLong || save.isPending || isGenerating || latestVersion === null}
          >
            {save.isPending ? <Spinner /> : null}
            Save instructions
          </Button>
        </div>
      </form>
    </section>
  );
}
