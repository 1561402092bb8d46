import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { cn } from '../../lib/cn.ts';
import { useSelectBridge } from '../selection/use-select-bridge.ts';
import {
  BLOCKED_MESSAGE,
  buildPreviewDocument,
  filesRevision,
  findEntryHtml,
  NAVIGATE_MESSAGE,
  resolveProjectPath,
  type PreviewFile,
} from './html-document.ts';
import { RuntimeErrorPanel } from './runtime-errors/runtime-error-panel.tsx';
import { useRuntimeErrors } from './runtime-errors/use-runtime-errors.ts';
import { pageScriptNonce, withScriptNonce } from './script-nonce.ts';
import { useSwappedFrames, type FrameSource, type SwappedFrame } from './use-swapped-frames.ts';
import { vendorUrls } from './vendor-assets.ts';

/**
 * A srcdoc document inherits the editor's origin, so it must never get allow-same-origin: it
 * runs in an opaque origin. A preview host is an origin of its own, never Kiln's, so there
 * allow-same-origin only gives the page its own storage and module scripts (decision 0038).
 */
const SANDBOX: Record<FrameSource['kind'], string> = {
  document: 'allow-scripts',
  address: 'allow-scripts allow-same-origin allow-forms allow-popups allow-modals',
};

interface HtmlPreviewFrameProps {
  files: readonly PreviewFile[];
  /**
   * Finished: the version is shown at `address`, its preview host (nothing new until the address
   * is known). Otherwise (streaming) its files are written into the frame.
   */
  isFinished: boolean;
  address: string | null;
  title: string;
  /** Changing it reloads the frame (the Reload button, refresh-preview events). */
  reloadKey?: number;
  className?: string;
}

/**
 * An HTML version. While it streams, a document rebuilt from its files follows the stream (links
 * between generated pages are followed in place); once finished, its preview host, a real origin
 * where storage, IndexedDB and module scripts work. Each change loads in a second frame swapped in
 * once loaded, so the preview does not flash white, from the stream to the finished page too.
 * External links are blocked either way.
 */
export function HtmlPreviewFrame({
  files,
  isFinished,
  address,
  title,
  reloadKey = 0,
  className,
}: HtmlPreviewFrameProps) {
  const [pagePath, setPagePath] = useState<string | null>(null);
  const entry = findEntryHtml(files);
  const page = (pagePath !== null ? files.find((file) => file.name === pagePath) : undefined) ?? entry;
  const vendor = useMemo(() => vendorUrls(), []);
  const document = useMemo(
    // The frame inherits the app's CSP: its scripts run with the page's nonce (script-nonce.ts).
    () =>
      page && !isFinished
        ? withScriptNonce(buildPreviewDocument(files, page, vendor), pageScriptNonce())
        : null,
    [files, page, vendor, isFinished],
  );
  const revision = useMemo(() => (isFinished ? filesRevision(files) : ''), [files, isFinished]);
  let source: FrameSource | null = null;
  if (isFinished && address !== null) source = { kind: 'address', url: address, revision };
  else if (document !== null) source = { kind: 'document', document };
  const { front, pending, onPendingLoad } = useSwappedFrames(source, reloadKey);
  const frontRef = useRef<HTMLIFrameElement>(null);
  const pendingRef = useRef<HTMLIFrameElement>(null);
  const frames = useMemo(() => [frontRef, pendingRef], []);
  // Only a finished version on its preview host has the Select tool's bridge.
  const { onFrameLoad } = useSelectBridge(frames, isFinished ? address : null);
  // And the runtime errors bridge (issue 19 item 4): the page a person uses, not the stream.
  const runtimeErrors = useRuntimeErrors(
    frames,
    isFinished ? address : null,
    `${address}#${revision}#${reloadKey}`,
  );

  const currentPage = page?.name ?? null;
  useEffect(() => {
    function onMessage(event: MessageEvent) {
      const isOurs = [frontRef, pendingRef].some((ref) => ref.current?.contentWindow === event.source);
      if (!isOurs || typeof event.data !== 'object' || event.data === null) return;
      const { type, href } = event.data as { type?: unknown; href?: unknown };
      if (typeof href !== 'string') return;
      if (type === BLOCKED_MESSAGE) {
        toast('External links are blocked in the preview', { description: href, duration: 3000 });
      } else if (type === NAVIGATE_MESSAGE && currentPage && !isFinished) {
        const target = resolveProjectPath(currentPage, href);
        if (target !== null && files.some((file) => file.name === target && /\.html?$/i.test(file.name))) {
          setPagePath(target);
        }
      }
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [currentPage, files, isFinished]);

  const frame = (shown: SwappedFrame, isPending: boolean) => (
    <iframe
      key={shown.key}
      ref={isPending ? pendingRef : frontRef}
      title={isPending ? 'Loading the next preview' : title}
      aria-hidden={isPending ? 'true' : undefined}
      tabIndex={isPending ? -1 : undefined}
      sandbox={SANDBOX[shown.source.kind]}
      {...(shown.source.kind === 'document' ? { srcDoc: shown.source.document } : { src: shown.source.url })}
      onLoad={(event) => {
        onFrameLoad(event);
        if (isPending) onPendingLoad(shown);
      }}
      className={cn('absolute inset-0 size-full border-0', isPending && 'invisible')}
    />
  );

  return (
    <div className={cn('relative h-full w-full bg-white', className)}>
      {front ? frame(front, false) : null}
      {pending ? frame(pending, true) : null}
      <RuntimeErrorPanel errors={runtimeErrors} />
    </div>
  );
}
