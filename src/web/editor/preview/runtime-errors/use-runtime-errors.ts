import { useEffect, useMemo, useState, type RefObject } from 'react';
import {
  runtimeErrorOf,
  withRuntimeError,
  type RuntimeError,
} from '../../../../core/preview/runtime-error-list.ts';
import { readRuntimeErrorMessage } from '../../../../core/preview/runtime-errors.ts';
import { originOf } from '../../selection/selection-message.ts';
import { useEditor, useEditorStream } from '../../state/editor-context.ts';
import { appServerErrorOf } from './app-server-error.ts';
import { useAppServerErrors } from './app-server-errors.ts';
import { mapStack } from './map-stack.ts';
import { publishShownErrors } from './shown-errors.ts';

const NONE: RuntimeError[] = [];

/**
 * The runtime errors of the version on screen (issue 19 item 4): what the server's browser hit
 * when it loaded the built version (stored on the message), then what the preview's bridge
 * reports for the page at `address` — only from the preview's origin and these frames (the
 * editor's own window, another origin or another frame is ignored), mapped to the generated
 * sources — and what the version's app server logged or threw while this page is on screen
 * (issue 22 item 5; its place found in the version's files). De-duplicated together. A new page
 * (`pageKey`: another version, a reload) starts with the stored ones only.
 */
export function useRuntimeErrors(
  frames: readonly RefObject<HTMLIFrameElement | null>[],
  address: string | null,
  pageKey: string,
): RuntimeError[] {
  const { chatId, selectedVersion, selectedMessages } = useEditor();
  const origin = originOf(address);
  const [state, setState] = useState<{ pageKey: string; errors: RuntimeError[] }>({ pageKey, errors: [] });
  const { snapshot } = useEditorStream();

  useAppServerErrors((event) => {
    if (event.chatId !== chatId || event.version !== selectedVersion) return;
    const error = appServerErrorOf(event.error, snapshot?.files.map((file) => file.name) ?? []);
    setState((current) => ({
      pageKey,
      errors: withRuntimeError(current.pageKey === pageKey ? current.errors : [], error),
    }));
  });

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

  const checked = selectedMessages.assistant?.runtimeErrors ?? null;
  const live = state.pageKey === pageKey ? state.errors : NONE;
  const errors = useMemo(() => {
    const stored = (checked ?? []).map((error) =>
      runtimeErrorOf({ kind: error.kind, message: error.message, stack: '' }, error.frames),
    );
    return live.reduce(withRuntimeError, stored);
  }, [checked, live]);

  useEffect(() => {
    if (selectedVersion !== null) publishShownErrors(chatId, selectedVersion, errors);
  }, [chatId, selectedVersion, errors]);
  return errors;
}
