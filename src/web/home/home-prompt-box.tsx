import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { detectCloneUrl } from '../../core/clone/index.ts';
import { DEFAULT_FRAMEWORK, type Framework } from '../../core/frameworks/index.ts';
import { PLANS } from '../../core/plans/index.ts';
import { DemoModelNotice } from '../ai/demo-model-notice.tsx';
import { useMe } from '../auth/use-me.ts';
import { useSession } from '../auth/use-session.ts';
import { TooltipProvider } from '../components/ui/tooltip.tsx';
import type { EditorLocationState } from '../editor/state/pending-generation.ts';
import { apiPost } from '../lib/api.ts';
import { PromptComposer } from '../prompt/prompt-composer.tsx';
import { FrameworkPicker } from './framework-picker.tsx';
import { ImportGithubButton } from './import-github-button.tsx';
import { PromptSuggestions } from './prompt-suggestions.tsx';

const DRAFT_KEY = 'kiln-home-draft';

function readDraft(): string {
  try {
    return sessionStorage.getItem(DRAFT_KEY) ?? '';
  } catch {
    return '';
  }
}

function writeDraft(value: string): void {
  try {
    if (value) sessionStorage.setItem(DRAFT_KEY, value);
    else sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Private mode without storage: the draft is simply not kept.
  }
}

/**
 * The home page's prompt box: creates the chat (POST /api/chats), then opens the editor, which
 * sends the prompt and its files (handed over in the router state) and streams the answer.
 */
export function HomePromptBox() {
  const { user } = useSession();
  const me = useMe();
  const plan = me.data?.plan ?? PLANS.free;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [prompt, setPrompt] = useState(readDraft);
  const [framework, setFramework] = useState<Framework>(DEFAULT_FRAMEWORK);
  const [isCreating, setIsCreating] = useState(false);

  const change = (value: string) => {
    setPrompt(value);
    writeDraft(value);
  };

  const submit = async (text: string, files: File[]): Promise<boolean> => {
    if (!user) {
      // The draft stays in session storage and is back after signing up.
      toast('Create a free account to start building', {
        description: 'Your prompt is kept for when you are back.',
      });
      void navigate('/signup');
      return false;
    }
    setIsCreating(true);
    // Fetch the editor's code while the chat is being created.
    void import('../editor/editor-page.tsx');
    try {
      // A website's address (alone or after 'Clone a website') starts a clone: the server
      // analyses the page and generates the first version itself (issue 19 item 2).
      const cloneUrl = files.length === 0 ? detectCloneUrl(text) : null;
      const chat = cloneUrl
        ? await apiPost<{ id: string; slug: string }>('/api/clone', {
            url: cloneUrl,
            prompt: text,
            framework,
          })
        : await apiPost<{ id: string; slug: string }>('/api/chats', { prompt: text, framework });
      writeDraft('');
      void queryClient.invalidateQueries({ queryKey: ['my-components'] });
      const state: EditorLocationState | undefined = cloneUrl
        ? undefined
        : { pendingGeneration: { prompt: text, files } };
      void navigate(`/components/${encodeURIComponent(chat.slug)}`, { state });
      return true;
    } catch (error) {
      toast.error('Something went wrong', {
        description: error instanceof Error ? error.message : 'The component could not be created.',
      });
      return false;
    } finally {
      setIsCreating(false);
    }
  };

  return (
    <TooltipProvider delayDuration={300}>
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 text-left">
        <PromptComposer
          id="home-prompt"
          label="Describe what you want to build"
          placeholder="A pricing table with three plans and a monthly/yearly switch…"
          submitLabel="Generate"
          value={prompt}
          onValueChange={change}
          plan={plan}
          isBusy={false}
          isSubmitting={isCreating}
          onSubmit={submit}
          tools={<FrameworkPicker value={framework} onChange={setFramework} />}
          className="shadow-lg shadow-stone-900/5"
          autoFocus={Boolean(user)}
        />
        <div className="flex flex-col items-center gap-3">
          <PromptSuggestions onPick={change} />
          {/* Outside the composer: its dialog's form must not reach the composer's form through React's tree. */}
          <ImportGithubButton />
        </div>
        <DemoModelNotice className="mt-1" />
      </div>
    </TooltipProvider>
  );
}
