import { readError } from '../../lib/api.ts';
import type { ElementSelection } from '../selection/selection-store.ts';

export interface GenerationRequest {
  prompt: string;
  files: readonly File[];
  /** 'continue': the server writes the continue prompt from the cut-off answer. */
  action?: 'continue';
  /** An element picked in the preview: the model is told to change it (issue 17 item 2). */
  selection?: ElementSelection;
}

export interface StartedGeneration {
  version: number | null;
  body: ReadableStream<Uint8Array> | null;
}

/** POST /api/components (multipart, spec §7). Throws an ApiError when refused before streaming. */
export async function postGeneration(
  chatId: string,
  selectedVersion: number | null,
  request: GenerationRequest,
  signal: AbortSignal,
): Promise<StartedGeneration> {
  const form = new FormData();
  form.set('prompt', request.prompt);
  form.set('id', chatId);
  if (selectedVersion !== null) form.set('selectedVersion', String(selectedVersion));
  for (const file of request.files) form.append('files', file, file.name);
  if (request.action) form.set('action', request.action);
  if (request.selection) form.set('selection', JSON.stringify(request.selection));
  // The chat id also travels in the address: the server checks it before reading the body.
  const response = await fetch(`/api/components?id=${encodeURIComponent(chatId)}`, {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok) throw await readError(response);
  const header = response.headers.get('X-Kiln-Version');
  const version = header !== null && /^\d+$/.test(header) ? Number(header) : null;
  return { version, body: response.body };
}

/** GET …/versions/:version/stream: the text so far, then the rest live (re-attach after a reload). */
export async function openGenerationStream(
  chatId: string,
  version: number,
  signal: AbortSignal,
): Promise<ReadableStream<Uint8Array> | null> {
  const response = await fetch(`/api/components/${encodeURIComponent(chatId)}/versions/${version}/stream`, {
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok) throw await readError(response);
  return response.body;
}

export async function stopGeneration(chatId: string): Promise<void> {
  await fetch(`/api/components/${encodeURIComponent(chatId)}/stop`, {
    method: 'POST',
    credentials: 'same-origin',
  });
}
