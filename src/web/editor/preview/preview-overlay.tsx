import { Link } from 'react-router';
import { ExternalLink, GitFork } from 'lucide-react';
import { useEditor } from '../state/editor-context.ts';
import { LikeButton } from './like-button.tsx';

const pill =
  'inline-flex h-8 max-w-64 items-center gap-1.5 rounded-full border bg-background/90 px-3 text-[13px] font-medium shadow-sm backdrop-blur transition-colors hover:bg-accent [&_svg]:size-3.5 [&_svg]:shrink-0';

/** Spec §2 "Bottom-right overlay in the preview": clone source, remix original, like. */
export function PreviewOverlay() {
  const { data } = useEditor();
  const cloneUrl = data.chat.cloneUrl;
  return (
    <div className="pointer-events-none absolute right-3 bottom-3 z-20 flex flex-wrap items-center justify-end gap-2 [&>*]:pointer-events-auto">
      {cloneUrl ? (
        <a href={cloneUrl} target="_blank" rel="noreferrer noopener" className={pill}>
          <ExternalLink aria-hidden="true" />
          <span className="truncate">Component generated from this URL</span>
        </a>
      ) : null}
      {data.remixOf ? (
        <Link to={`/components/${encodeURIComponent(data.remixOf.slug)}`} className={pill}>
          <GitFork aria-hidden="true" />
          <span className="truncate">Remix of {data.remixOf.title ?? 'the original'}</span>
        </Link>
      ) : null}
      <LikeButton />
    </div>
  );
}
