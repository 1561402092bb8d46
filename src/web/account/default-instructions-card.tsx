import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { InstructionsEditor } from '../instructions/instructions-editor.tsx';
import { apiFetch } from '../lib/api.ts';

interface InstructionsResponse {
  instructions: string;
}

/** /account: default instructions, copied into KILN.md of each new chat (issue 17 item 4). */
export function DefaultInstructionsCard({ userId }: { userId: string }) {
  const queryKey = ['me', userId, 'instructions'];
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => apiFetch<InstructionsResponse>('/api/me/instructions', { signal }),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <label htmlFor="default-instructions">Default instructions</label>
        </CardTitle>
        <CardDescription id="default-instructions-hint">
          Copied into KILN.md of every new chat and sent to the AI with its prompts. Each chat can change its
          own in Settings.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.data ? (
          <InstructionsForm
            key={query.data.instructions}
            saved={query.data.instructions}
            queryKey={queryKey}
          />
        ) : query.isError ? (
          <p className="text-sm text-destructive">Instructions could not be loaded: {query.error.message}</p>
        ) : (
          <Skeleton className="h-28" />
        )}
      </CardContent>
    </Card>
  );
}

function InstructionsForm({ saved, queryKey }: { saved: string; queryKey: string[] }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (instructions: string) =>
      apiFetch<InstructionsResponse>('/api/me/instructions', {
        method: 'PUT',
        body: JSON.stringify({ instructions }),
      }),
    onSuccess: (result) => {
      queryClient.setQueryData(queryKey, result);
      toast.success('Default instructions saved');
    },
    onError: (error) => toast.error('Could not save the instructions', { description: error.message }),
  });
  return (
    <InstructionsEditor
      id="default-instructions"
      describedBy="default-instructions-hint"
      saved={saved}
      placeholder="e.g. Use British English. Prefer Tailwind utility classes."
      submitLabel="Save default instructions"
      isSaving={save.isPending}
      onSave={(text) => save.mutate(text)}
    />
  );
}
