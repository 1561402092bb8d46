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

  // Two frames: `front` is shown; the next document loads in the other one.
  const [frames, setFrames] = useState<{ docs: [string | null, string | null]; front: 0 | 1 }>({
    docs: [document, null],
    front: 0,
  });
  const [lastDocument, setLastDocument] = useState({ document, reloadKey });
  if (lastDocument.document !== document || lastDocument.reloadKey !== reloadKey) {
    setLastDocument({ document, reloadKey });
    const back = frames.front === 0 ? 1 : 0;
    const docs: [string | null, string | null] = [...frames.docs];
    // A reload of the same text still needs a change the frame sees.
    docs[back] = document === frames.docs[frames.front] ? `${document ?? ''}<!-- ${reloadKey} -->` : document;
    setFrames({ docs, front: frames.front });
  }
  const refs = [useRef<HTMLIFrameElement>(null), useRef<HTMLIFrameElement>(null)] as const;

  const currentPage = page?.name ?? null;
  useEffect(() => {
    function onMessage(event: MessageEvent) {
      const isOurs = refs.some((ref) => ref.current?.contentWindow === event.source);
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
    // refs are stable objects.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [currentPage, files]);

  return (
    <div className={cn('relative h-full w-full bg-white', className)}>
      {([0, 1] as const).map((index) => {
        const doc = frames.docs[index];
        if (doc === null) return null;
        const isFront = index === frames.front;
        return (
          <iframe
            key={index}
            ref={refs[index]}
            title={isFront ? title : `${title} (loading)`}
            sandbox="allow-scripts"
            srcDoc={doc}
            aria-hidden={isFront ? undefined : true}
            tabIndex={isFront ? undefined : -1}
            onLoad={() => {
              if (!isFront) setFrames((current) => ({ docs: current.docs, front: index }));
            }}
            className={cn('absolute inset-0 size-full border-0', isFront ? 'visible' : 'invisible')}
          />
        );
      })}
    </div>
  );
}
