import { useCallback, useEffect, useRef, useState } from 'react';
import type { ParsedArtifactText } from '../../../core/artifact/index.ts';
import { describeGenerationFailure, type GenerationFailure } from './generation-errors.ts';
import {
  openGenerationStream,
  postGeneration,
  stopGeneration,
  type GenerationRequest,
} from './generation-request.ts';
import { readTextStream } from './read-text-stream.ts';
import { createRenderThrottle } from './render-throttle.ts';
import { StreamState } from './stream-state.ts';

/** Spec §9: 'stream rendering throttled to 500 ms'. */
export const STREAM_RENDER_INTERVAL_MS = 500;

export interface PendingAttachment {
  name: string;
  size: number;
  type: string;
  /** An object URL for images, to show the thumbnail before the server has the file. */
  previewUrl: string | null;
}

export type GenerationView =
  | { status: 'idle' }
  | {
      status: 'running';
      /** The version being written (null until the server answers). */
      version: number | null;
      /** The prompt typed in this tab (null when re-attached to a running generation). */
      prompt: string | null;
      attachments: PendingAttachment[];
      /** The snapshot the answer builds on. */
      baseVersion: number | null;
      parsed: ParsedArtifactText | null;
      receivedChars: number;
      isStopping: boolean;
    };

export interface GenerationResult {
  version: number;
  receivedChars: number;
  finishReason: string | null;
}

interface Options {
  chatId: string;
  /** Called when the stream ended; the generation view stays until the returned promise settles. */
  onFinished: (result: GenerationResult) => Promise<void>;
  onFailure: (failure: GenerationFailure) => void;
}

/**
 * Runs one generation at a time: sends the prompt (or re-attaches to a running answer), feeds
 * the streamed text to the incremental parser and renders at most every 500 ms.
 */
export function useGeneration({ chatId, onFinished, onFailure }: Options) {
  const [view, setView] = useState<GenerationView>({ status: 'idle' });
  const abortRef = useRef<AbortController | null>(null);
  const callbacks = useRef({ onFinished, onFailure });
  useEffect(() => {
    callbacks.current = { onFinished, onFailure };
  });

  useEffect(
    () => () => {
      // Leaving the page does not stop the generation on the server; it only stops reading it.
      abortRef.current?.abort();
    },
    [],
  );

  const follow = useCallback(
    async (
      controller: AbortController,
      version: number,
      body: ReadableStream<Uint8Array> | null,
    ): Promise<void> => {
      const state = new StreamState();
      const throttle = createRenderThrottle(() => {
        if (controller.signal.aborted) return;
        const parsed = state.read();
        const receivedChars = state.receivedChars;
        setView((current) =>
          current.status === 'running' ? { ...current, version, parsed, receivedChars } : current,
        );
      }, STREAM_RENDER_INTERVAL_MS);
      try {
        if (body) {
          await readTextStream(body, (chunk) => {
            state.push(chunk);
            throttle.schedule();
          });
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        // A cut connection: what arrived is kept; the stored answer tells the rest.
        console.warn('The generation stream broke off', error);
      }
      state.end();
      throttle.flush();
      if (controller.signal.aborted) return;
      await callbacks.current
        .onFinished({
          version,
          receivedChars: state.receivedChars,
          finishReason: state.read().finishReason,
        })
        .catch(() => undefined);
      if (abortRef.current === controller) {
        abortRef.current = null;
        setView({ status: 'idle' });
      }
    },
    [],
  );

  const start = useCallback(
    async (request: GenerationRequest, baseVersion: number | null): Promise<boolean> => {
      if (abortRef.current) return false;
      const controller = new AbortController();
      abortRef.current = controller;
      setView({
        status: 'running',
        version: null,
        prompt: request.prompt,
        attachments: request.files.map((file) => ({
          name: file.name,
          size: file.size,
          type: file.type,
          previewUrl: file.type.startsWith('image/') ? URL.createObjectURL(file) : null,
        })),
        baseVersion,
        parsed: null,
        receivedChars: 0,
        isStopping: false,
      });
      let started;
      try {
        started = await postGeneration(chatId, baseVersion, request, controller.signal);
      } catch (error) {
        if (controller.signal.aborted) return false;
        abortRef.current = null;
        setView({ status: 'idle' });
        const failure = describeGenerationFailure(error);
        if (failure.kind === 'reattach') void reattachRef.current(failure.version, baseVersion);
        else callbacks.current.onFailure(failure);
        return false;
      }
      if (started.version === null) {
        abortRef.current = null;
        setView({ status: 'idle' });
        callbacks.current.onFailure({
          kind: 'toast',
          title: 'Something went wrong',
          message: 'The server did not say which version it is writing.',
        });
        return false;
      }
      const version = started.version;
      setView((current) => (current.status === 'running' ? { ...current, version } : current));
      void follow(controller, version, started.body);
      return true;
    },
    [chatId, follow],
  );

  const reattach = useCallback(
    async (version: number, baseVersion: number | null): Promise<void> => {
      if (abortRef.current) return;
      const controller = new AbortController();
      abortRef.current = controller;
      setView({
        status: 'running',
        version,
        prompt: null,
        attachments: [],
        baseVersion,
        parsed: null,
        receivedChars: 0,
        isStopping: false,
      });
      try {
        const body = await openGenerationStream(chatId, version, controller.signal);
        await follow(controller, version, body);
      } catch (error) {
        if (controller.signal.aborted) return;
        abortRef.current = null;
        setView({ status: 'idle' });
        callbacks.current.onFailure(describeGenerationFailure(error));
      }
    },
    [chatId, follow],
  );
  const reattachRef = useRef(reattach);
  useEffect(() => {
    reattachRef.current = reattach;
  }, [reattach]);

  const stop = useCallback(async () => {
    setView((current) => (current.status === 'running' ? { ...current, isStopping: true } : current));
    await stopGeneration(chatId).catch(() => undefined);
  }, [chatId]);

  return { view, start, reattach, stop };
}
