import { useEffect, useMemo, useRef, useState } from 'react';
import { useSelectBridge } from '../selection/use-select-bridge.ts';
import { RuntimeErrorPanel } from './runtime-errors/runtime-error-panel.tsx';
import { useRuntimeErrors } from './runtime-errors/use-runtime-errors.ts';
import { StartingOverlay } from './starting-overlay.tsx';

/** Spec §9: ''Starting' overlay 3 s'. */
export const STARTING_OVERLAY_MS = 3000;

interface FrameworkPreviewFrameProps {
  url: string;
  title: string;
  reloadKey: number;
  /** Identifies chat + version: the starting overlay shows when it changes. */
  versionKey: string;
}

/** A built React/Svelte/Vue/Angular version, served from its own preview origin. */
export function FrameworkPreviewFrame({ url, title, reloadKey, versionKey }: FrameworkPreviewFrameProps) {
  const shownKey = useRef<string | null>(null);
  const [isStarting, setIsStarting] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const frames = useMemo(() => [frameRef], []);
  const { onFrameLoad } = useSelectBridge(frames, url);
  const runtimeErrors = useRuntimeErrors(frames, url, `${url}#${reloadKey}`);

  useEffect(() => {
    if (shownKey.current === versionKey) return;
    shownKey.current = versionKey;
    setIsStarting(true);
    const timer = setTimeout(() => setIsStarting(false), STARTING_OVERLAY_MS);
    return () => clearTimeout(timer);
  }, [versionKey]);

  return (
    <div className="relative h-full w-full bg-white">
      <iframe
        key={`${url}#${reloadKey}`}
        ref={frameRef}
        onLoad={onFrameLoad}
        title={title}
        src={url}
        // The preview has its own origin ({chatId}-{version}.preview.{host}), never Kiln's, so
        // allow-same-origin only lets its module scripts load from that origin.
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-modals"
        className="absolute inset-0 size-full border-0"
      />
      {isStarting ? <StartingOverlay /> : <RuntimeErrorPanel errors={runtimeErrors} />}
    </div>
  );
}
