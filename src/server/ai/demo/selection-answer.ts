import { FRAMEWORK_LABELS } from '../../../core/frameworks/index.ts';
import { asEdits } from './edits.ts';
import { ProjectFiles } from './modify/project-files.ts';
import { changeSelectedElement, planElementChanges } from './modify/selected-element.ts';
import type { DemoRequest } from './types.ts';
import { writeAnswer } from './writer.ts';

/**
 * A follow-up sent with an element selected in the preview (issue 17 item 2): a colour, size or
 * text change made to that element only, in its file at its line, answered with an edit block.
 * Undefined when the prompt is not such a change (the ordinary follow-up answers it).
 */
export function selectionAnswer(request: DemoRequest): string | undefined {
  const selection = request.selection;
  const snapshot = request.snapshot;
  if (!selection || !snapshot) return undefined;
  const changes = planElementChanges(request.prompt);
  if (changes.length === 0) return undefined;
  const project = new ProjectFiles(request.framework, snapshot.files, request.lockedPaths);
  const note = changeSelectedElement(project, selection, changes);
  const files = asEdits(project.changedFiles(), snapshot.files);
  const thinking = [
    `The user selected <${selection.tagName}> at ${selection.file}, line ${selection.line}, column ${selection.column}, in the ${snapshot.title} project (${FRAMEWORK_LABELS[request.framework]}).`,
    `Changes to that element only: ${changes.map((change) => change.kind).join(', ')}.`,
    files.length > 0
      ? `I'll send back an edit of ${files.map((file) => file.name).join(', ')}.`
      : 'Nothing needs to be written.',
  ].join('\n');
  return writeAnswer({
    thinking,
    intro: note,
    artifact: files.length > 0 ? { title: snapshot.title, files } : null,
    outro: files.length > 0 ? 'The preview updates with the new version.' : '',
  });
}
