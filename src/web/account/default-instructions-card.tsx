import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { MAX_INSTRUCTIONS_CHARS } from '../../core/instructions/index.ts';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { Textarea } from '../components/ui/textarea.tsx';
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
  const [text, setText] = useState(saved);
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
  const isTooLong = text.length > MAX_INSTRUCTIONS_CHARS;
  const isUnchanged = text.trim() === saved;
  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!isUnchanged && !isTooLong) save.mutate(text);
      }}
    >
      <Textarea
        id="default-instructions"
        aria-describedby="default-instructions-hint"
        aria-invalid={isTooLong || undefined}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="e.g. Use British English. Prefer Tailwind utility classes."
        className="min-h-28 text-sm"
      />
      <div className="flex items-center justify-between gap-2">
        <span className={isTooLong ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}>
          {text.length.toLocaleString('en')}/{MAX_INSTRUCTIONS_CHARS.toLocaleString('en')}
        </span>
        <Button type="submit" size="sm" disabled={isUnchanged || isTooLong || save.isPending}>
          {save.isPending ? <Spinner /> : null}
          Save default instructions
        </Button>
      </div>
    </form>
  );
}
