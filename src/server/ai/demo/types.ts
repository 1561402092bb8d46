import type { Framework } from '../../../core/frameworks/index.ts';
import type { ElementSelection } from '../../generation/selection.ts';

/** A file the demo writes: a path relative to the project root and its whole content. */
export interface DemoFile {
  name: string;
  content: string;
}

/**
 * One file element of the demo's answer; `continue` appends to a cut-off file; `edit` holds
 * SEARCH/REPLACE blocks (decision 0044); `attachment` places a file the user attached (the
 * content is then empty).
 */
export interface AnswerFile extends DemoFile {
  action?: 'continue' | 'edit';
  attachment?: string;
}

/** What the demo model reads from the call (the layout of src/server/ai/prompts/context.ts). */
export interface DemoRequest {
  framework: Framework;
  /** The person's prompt: the last text part of the last user message. */
  prompt: string;
  /** The current snapshot, or null for a first prompt. */
  snapshot: { title: string; files: DemoFile[] } | null;
  /** Files the model must not rewrite: the context block's list and the snapshot's locked flags. */
  lockedPaths: ReadonlySet<string>;
  /** The file names of the images attached to the request (the context block's list). */
  attachedImages: readonly string[];
  /** The chat's enabled database provider, from the system prompt's integrations section. */
  databaseProvider?: string | null;
  /** The chat's enabled e-mail provider ('smtp', 'resend'), read the same way (issue 22). */
  emailProvider?: string | null;
  /** The element the person selected in the preview with the Select tool (issue 17 item 2). */
  selection?: ElementSelection;
}
