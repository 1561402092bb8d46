import { Avatar as AvatarPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn.ts';
import { initialsOf } from '../../lib/initials.ts';

interface AvatarProps {
  name: string | null | undefined;
  email?: string | null;
  imageUrl?: string | null;
  className?: string;
}

/** A round avatar: the image when it loads, otherwise the person's initials. */
export function Avatar({ name, email, imageUrl, className }: AvatarProps) {
  return (
    <AvatarPrimitive.Root
      className={cn(
        'relative inline-flex size-8 shrink-0 overflow-hidden rounded-full bg-muted ring-1 ring-border select-none',
        className,
      )}
    >
      {imageUrl ? <AvatarPrimitive.Image src={imageUrl} alt="" className="size-full object-cover" /> : null}
      <AvatarPrimitive.Fallback
        delayMs={imageUrl ? 400 : 0}
        className="flex size-full items-center justify-center bg-gradient-to-br from-orange-100 to-amber-200 text-[0.8em] font-semibold text-orange-900 dark:from-orange-900/60 dark:to-amber-800/50 dark:text-orange-100"
      >
        <span aria-hidden="true">{initialsOf(name, email)}</span>
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
