import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { cn } from '../../lib/cn.ts';
import {
  BLOCKED_MESSAGE,
  buildPreviewDocument,
  findEntryHtml,
  NAVIGATE_MESSAGE,
  resolveProjectPath,
  type PreviewFile,
} from './html-document.ts';
import { vendorUrls } from './vendor-assets.ts';

interface LoadedFrame {
  key: number;
  doc: string;
}

let nextFrameKey = 0;

interface HtmlPreviewFrameProps {
  files: readonly PreviewFile[];
  title: string;
  /** Changing it reloads the frame (the Reload button, refresh-preview events). */
  reloadKey?: number;
  className?: string;
}

/**
 * An HTML version in `<iframe sandbox="allow-scripts">` (never allow-same-origin: generated
 * code must not reach Kiln's origin). The document is rebuilt from the files, so it follows the
 * stream; a new document loads in a second frame that is swapped in once loaded, so the
 * preview does not flash white on every update. Links between generated pages are followed in
 * place; external links are blocked.
 */
export function HtmlPreviewFrame({ files, title, reloadKey = 0, className }: HtmlPreviewFrameProps) {
  const [pagePath, setPagePath] = useState<string | null>(null);
  const entry = findEntryHtml(files);
  const page = (pagePath !== null ? files.find((file) => file.name === pagePath) : undefined) ?? entry;
  const vendor = useMemo(() => vendorUrls(), []);
  const document = useMemo(
    () => (page ? buildPreviewDocument(files, page, vendor) : null),
    [files, page, vendor],
  );

  // Each new document loads in a fresh hidden frame that replaces the shown one once loaded.
  const [frames, setFrames] = useState<{ front: LoadedFrame | null; pending: LoadedFrame | null }>(() => ({
    front: document === null ? null : { key: nextFrameKey++, doc: document },
    pending: null,
  }));
  const [lastDocument, setLastDocument] = useState({ document, reloadKey });
  if (lastDocument.document !== document || lastDocument.reloadKey !== reloadKey) {
    setLastDocument({ document, reloadKey });
    const next = document === null ? null : { key: nextFrameKey++, doc: document };
    setFrames((current) =>
      current.front === null ? { front: next, pending: null } : { ...current, pending: next },
    );
  }
  const frontRef = useRef<HTMLIFrameElement>(null);
  const pendingRef = useRef<HTMLIFrameElement>(null);

  const currentPage = page?.name ?? null;
  useEffect(() => {
    function onMessage(event: MessageEvent) {
      const isOurs = [frontRef, pendingRef].some((ref) => ref.current?.contentWindow === event.source);
      if (!isOurs || typeof event.data !== 'object' || event.data === null) return;
      const { type, href } = event.data as { type?: unknown; href?: unknown };
      if (typeof href !== 'string') return;
      if (type === BLOCKED_MESSAGE) {
        toast('External links are blocked in the preview', { description: href, duration: 3000 });
      } else if (type === NAVIGATE_MESSAGE && currentPage) {
        const target = resolveProjectPath(currentPage, href);
        if (target !== null && files.some((file) => file.name === target && /\.html?$/i.test(file.name))) {
          setPagePath(target);
        }
      }
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [currentPage, files]);

  return (
    <div className={cn('relative h-full w-full bg-white', className)}>
      {frames.front ? (
        <iframe
          key={frames.front.key}
          ref={frontRef}
          title={title}
          sandbox="allow-scripts"
          srcDoc={frames.front.doc}
          className="absolute inset-0 size-full border-0"
        />
      ) : null}
      {frames.pending ? (
        <iframe
          key={frames.pending.key}
          ref={pendingRef}
          title="Loading the next preview"
          aria-hidden="true"
          tabIndex={-1}
          sandbox="allow-scripts"
          srcDoc={frames.pending.doc}
          onLoad={() => {
            const loaded = frames.pending;
            setFrames((current) =>
              current.pending && loaded && current.pending.key === loaded.key
                ? { front: current.pending, pending: null }
                : current,
            );
          }}
          className="invisible absolute inset-0 size-full border-0"
        />
      ) : null}
    </div>
  );
}
