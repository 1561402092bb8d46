import { canContinueVersion, isIncompleteVersion } from '../../../core/snapshot/index.ts';
import { useEditor } from '../state/editor-context.ts';

/**
 * Whether 'Continue generation' is offered for the version on screen: the viewer may continue
 * (owner) and it is the newest version with a cut-off answer (core rule). Busy states are the
 * caller's to add.
 */
export function useCanContinue(): boolean {
  const { permissions, finishReason, selectedVersion, latestVersion } = useEditor();
  return (
    permissions.continueGeneration &&
    canContinueVersion({ finishReason, version: selectedVersion, latestVersion })
  );
}

/** Whether the version on screen ended midway, so its preview says it is incomplete (core rule). */
export function useIsIncompleteVersion(): boolean {
  const { finishReason, selectedVersion, latestVersion } = useEditor();
  return isIncompleteVersion({ finishReason, version: selectedVersion, latestVersion });
}
