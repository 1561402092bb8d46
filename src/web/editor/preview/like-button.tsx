import { Heart } from 'lucide-react';
import { toast } from 'sonner';
import { cn } from '../../lib/cn.ts';
import { useToggleLike } from '../data/use-chat-mutations.ts';
import { useEditor } from '../state/editor-context.ts';

/** Spec §2 "Like / Unlike button"; visitors are asked to log in. */
export function LikeButton() {
  const { data, slug, chatId, permissions } = useEditor();
  const toggle = useToggleLike(slug, chatId);
  const isLiked = data.isLiked;
  return (
    <button
      type="button"
      aria-pressed={isLiked}
      aria-label={isLiked ? 'Unlike' : 'Like'}
      disabled={toggle.isPending}
      onClick={() => {
        if (!permissions.like) {
          toast('Please login to like a component');
          return;
        }
        toggle.mutate(undefined, {
          onError: (error) => toast.error('Could not save your like', { description: error.message }),
        });
      }}
      className={cn(
        'inline-flex h-8 items-center gap-1.5 rounded-full border bg-background/90 px-3 text-[13px] font-medium shadow-sm backdrop-blur transition-colors hover:bg-accent disabled:opacity-70',
        isLiked && 'border-rose-300 text-rose-600 dark:border-rose-900 dark:text-rose-400',
      )}
    >
      <Heart aria-hidden="true" className={cn('size-3.5', isLiked && 'fill-current')} />
      {isLiked ? 'Unlike' : 'Like'}
      {data.likeCount > 0 ? (
        <span className="text-muted-foreground tabular-nums">{data.likeCount}</span>
      ) : null}
    </button>
  );
}
