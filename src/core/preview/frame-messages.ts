/**
 * Messages a framed preview posts to the editor (`{ type, href }`). The in-page frame of a
 * streaming HTML version and an HTML version on its preview host both send them, so the editor
 * shows the same toast for a blocked link wherever the page runs (spec §2 "Fullscreen").
 */
export const PREVIEW_NAVIGATE_MESSAGE = 'kiln-preview-navigate';
export const PREVIEW_BLOCKED_MESSAGE = 'kiln-preview-blocked';
