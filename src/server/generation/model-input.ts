import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import type { Framework } from '../../core/frameworks/index.ts';
import { serializeSnapshot, type Snapshot } from '../../core/artifact/index.ts';
import { instructionsPromptSection, isInstructionsFile } from '../../core/instructions/index.ts';
import { attachmentKind } from '../../core/validation/index.ts';
import { renderContextBlock } from '../ai/prompts/context.ts';
import { buildSystemPrompt } from '../ai/prompts/system-prompt.ts';
import { toModelParts, type UploadedAttachment } from './attachments.ts';
import { selectionInstruction, type ElementSelection } from './selection.ts';

/**
 * What the model sees (layout in ai/prompts/context.ts): the framework's system prompt, then one
 * user message with the current snapshot and locked files, the attachments, and the prompt.
 * Earlier answers are not replayed: the snapshot already holds their result.
 */
export async function buildModelPrompt(input: {
  framework: Framework;
  snapshot: Snapshot | null;
  prompt: string;
  attachments: UploadedAttachment[];
  acceptsPdf: boolean;
  /** The chat's enabled integrations, told to the model (issue 16 item 3); '' when none. */
  integrationGuidance?: string;
  /** The chat's KILN.md (issue 17 item 4): the owner's instructions, in the system prompt. */
  instructions?: string;
  /** An element picked in the preview: the model is told to change it (issue 17 item 2). */
  selection?: ElementSelection;
}): Promise<LanguageModelV3Prompt> {
  // KILN.md is told to the model as the owner's instructions, not listed as a file of the app.
  const appFiles = input.snapshot?.files.filter((file) => !isInstructionsFile(file.name)) ?? [];
  const snapshot = input.snapshot && appFiles.length > 0 ? { ...input.snapshot, files: appFiles } : null;
  const locked = snapshot?.files.filter((file) => file.isLocked).map((file) => file.name) ?? [];
  const images = input.attachments
    .filter((file) => attachmentKind(file.type) === 'image')
    .map((file) => ({ name: file.name, mediaType: file.mimeType, size: file.size }));
  const context = renderContextBlock(snapshot ? serializeSnapshot(snapshot) : null, locked, images);
  return [
    {
      role: 'system',
      content: [
        buildSystemPrompt(input.framework),
        input.integrationGuidance,
        instructionsPromptSection(input.instructions ?? ''),
      ]
        .filter((part) => part !== undefined && part !== '')
        .join('\n\n'),
    },
    {
      role: 'user',
      content: [
        { type: 'text', text: context },
        ...(await toModelParts(input.attachments, input.acceptsPdf)),
        ...(input.selection ? [{ type: 'text' as const, text: selectionInstruction(input.selection) }] : []),
        { type: 'text', text: input.prompt },
      ],
    },
  ];
}
