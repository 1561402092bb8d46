import {
  ELEMENT_SELECTED_MESSAGE,
  MAX_SELECTION_FILE,
  MAX_SELECTION_HTML,
  MAX_SELECTION_TAG,
  SELECT_CANCEL_MESSAGE,
  TEXT_EDIT_MESSAGE,
} from '../../../core/preview/select-messages.ts';
import { MAX_EDITED_TEXT } from '../../../core/preview/text-edit.ts';
import type { ElementSelection } from './selection-store.ts';

/** The selected element's text, edited in place in the preview. */
export interface TextEditMessage {
  file: string;
  line: number;
  before: string;
  after: string;
}

export type SelectionMessage =
  | { kind: 'selected'; selection: ElementSelection }
  | { kind: 'text-edit'; edit: TextEditMessage }
  | { kind: 'cancel' };

/**
 * A message of the Select tool's bridge, or null for anything else. Only a message from the
 * preview's own origin and from one of its frames counts; its fields are the page's word (its
 * scripts share that origin), so they are checked and cut like any input.
 */
export function readSelectionMessage(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  previewOrigin: string | null,
  frames: readonly (Window | null | undefined)[],
): SelectionMessage | null {
  if (previewOrigin === null || event.origin !== previewOrigin) return null;
  if (event.source === null || !frames.includes(event.source as Window)) return null;
  const data = event.data as Record<string, unknown> | null;
  if (typeof data !== 'object' || data === null) return null;
  if (data.type === SELECT_CANCEL_MESSAGE) return { kind: 'cancel' };
  const { file, line, column, tagName, outerHTML } = data;
  if (typeof file !== 'string' || file === '' || file.length > MAX_SELECTION_FILE) return null;
  if (!isPositive(line) || !isPositive(column)) return null;
  if (data.type === TEXT_EDIT_MESSAGE) {
    const { before, after } = data;
    if (typeof before !== 'string' || typeof after !== 'string') return null;
    if (before.length > MAX_EDITED_TEXT || after.length > MAX_EDITED_TEXT) return null;
    return { kind: 'text-edit', edit: { file, line, before, after } };
  }
  if (data.type !== ELEMENT_SELECTED_MESSAGE) return null;
  if (
    typeof tagName !== 'string' ||
    !/^[a-z][a-z0-9-]*$/i.test(tagName) ||
    tagName.length > MAX_SELECTION_TAG
  ) {
    return null;
  }
  if (typeof outerHTML !== 'string') return null;
  return {
    kind: 'selected',
    selection: {
      file,
      line,
      column,
      tagName: tagName.toLowerCase(),
      outerHTML: outerHTML.slice(0, MAX_SELECTION_HTML),
    },
  };
}

function isPositive(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value < 1_000_000;
}

/** The preview's origin from its address, or null while there is none. */
export function originOf(address: string | null): string | null {
  if (!address) return null;
  try {
    return new URL(address).origin;
  } catch {
    return null;
  }
}
