/**
 * The Select tool's messages between the editor and a framed preview (issue 17 item 2). Both sides
 * name the other's origin: the editor posts to the preview's origin, the preview's bridge to the
 * app's origin (written into the page by the preview host), and each checks `event.origin` and
 * `event.source` of what it receives.
 */

/** Editor → preview: `{ type, on }` turns the hover highlight and click capture on or off. */
export const SELECT_MODE_MESSAGE = 'kiln-select-mode';
/** Preview → editor: the element clicked, `{ type, file, line, column, tagName, outerHTML }`. */
export const ELEMENT_SELECTED_MESSAGE = 'kiln-element-selected';
/**
 * Preview → editor: the selected element's text edited in place (double-click, then Enter),
 * `{ type, file, line, column, before, after }` (issue 17 item 2, "Edit text in place").
 */
export const TEXT_EDIT_MESSAGE = 'kiln-text-edit';
/** Preview → editor: Escape pressed while selecting. */
export const SELECT_CANCEL_MESSAGE = 'kiln-select-cancel';

/** The outer HTML kept of a selected element (the bridge cuts it, the server refuses more). */
export const MAX_SELECTION_HTML = 4000;
export const MAX_SELECTION_FILE = 300;
export const MAX_SELECTION_TAG = 64;
