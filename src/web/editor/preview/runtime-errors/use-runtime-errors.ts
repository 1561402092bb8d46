import { useEffect, useState, type RefObject } from 'react';
import { readRuntimeErrorMessage } from '../../../../core/preview/runtime-errors.ts';
import { originOf } from '../../selection/selection-message.ts';
import { useEditor } from '../../state/editor-context.ts';
import { mapStack } from './map-stack.ts';
import { runtimeErrorOf, withRuntimeError, type RuntimeError } from './runtime-error-list.ts';

/**
 * The runtime errors the preview's bridge reports for the page at `address` (issue 19 item 4):
 * only from the preview's origin and these frames (the editor's own window, another origin or
 * another frame is ignored), mapped to the generated sources and de-duplicated. A new page
 * (`pageKey`: another version, a reload) starts with none.
 */
export function useRuntimeErrors(
  frames: readonly RefObject<HTMLIFrameElement | null>[],
  address: string | null,
  pageKey: string,
): RuntimeError[] {
  const { chatId, selectedVersion } = useEditor();
  const origin = originOf(address);
  const [state, setState] = useState<{ pageKey: string; errors: RuntimeError[] }>({ pageKey, errors: [] });

  useEffect(() => {
    if (origin === null || selectedVersion === null) return;
    let isLive = true;
    function onMessage(event: MessageEvent) {
      const windows = frames.map((frame) => frame.current?.contentWindow);
      const report = readRuntimeErrorMessage(event, origin, windows);
      if (!report || origin === null || selectedVersion === null) return;
      void mapStack(report.stack, origin, { chatId, version: selectedVersion }).then((mapped) => {
        if (!isLive) return;
        const error = runtimeErrorOf(report, mapped);
        setState((current) => ({
          pageKey,
          errors: withRuntimeError(current.pageKey === pageKey ? current.errors : [], error),
        }));
      });
    }
    window.addEventListener('message', onMessage);
    return () => {
      isLive = false;
      window.removeEventListener('message', onMessage);
    };
  }, [frames, origin, chatId, selectedVersion, pageKey]);

  return state.pageKey === pageKey ? state.errors : [];
}
