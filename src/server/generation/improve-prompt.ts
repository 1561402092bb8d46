import type { LanguageModel } from 'ai';
import { validateImprovePrompt } from '../../core/validation/index.ts';
import type { ResolvedModel } from '../ai/model.ts';
import { IMPROVE_PROMPT_SYSTEM } from '../ai/prompts/system-prompt.ts';
import { requireChat } from '../chats/access.ts';
import type { Database } from '../db/client.ts';
import type { RequestViewer } from '../http/viewer.ts';
import { ServiceError } from '../http/errors.ts';

/** What the offline demo model adds: the qualities a good component prompt spells out. */
export function improvePromptOffline(prompt: string): string {
  const base = prompt.trim().replace(/[.!\s]+$/, '');
  return (
    `${base}. Use realistic content instead of placeholder text, a clear visual hierarchy with a ` +
    `consistent type scale and generous spacing, and a polished modern look with Tailwind CSS. Make it ` +
    `responsive from 375 px phones to wide desktops, keyboard accessible with labelled controls, and ` +
    `make every interactive element work, including empty and error states.`
  );
}

/** improvePromptByChatId (premium): rewrites the prompt with the model's own prompt. */
export async function improvePrompt(
  db: Database,
  model: ResolvedModel,
  viewer: RequestViewer,
  chatId: string,
  prompt: string,
): Promise<string> {
  await requireChat(db, viewer, chatId, 'improvePrompt');
  const checked = validateImprovePrompt(prompt);
  if (!checked.ok) throw ServiceError.fromUserError(checked.error);
  if (model.isDemo) return improvePromptOffline(checked.value);
  // The AI SDK is loaded with the first use (an idle server does not hold it).
  const { generateText } = await import('ai');
  const result = await generateText({
    model: model.model as LanguageModel,
    system: IMPROVE_PROMPT_SYSTEM,
    prompt: checked.value,
    maxRetries: 2,
    abortSignal: AbortSignal.timeout(60_000),
  });
  const improved = result.text.trim();
  if (!improved) throw new ServiceError(502, 'improve-failed', 'The AI could not improve the prompt.');
  return improved;
}
