import { Lock, LockOpen } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

interface LockButtonProps {
  kind: 'file' | 'folder';
  name: string;
  isLocked: boolean;
  canLock: boolean;
  onToggle: () => void;
}

/** A file's or folder's lock toggle; a plain lock icon for viewers who may not change it. */
export function LockButton({ kind, name, isLocked, canLock, onToggle }: LockButtonProps) {
  if (!canLock) {
    return isLocked ? (
      <span className="mr-1.5 text-muted-foreground" title="Locked">
        <Lock aria-label="Locked" className="size-3" />
      </span>
    ) : null;
  }
  const label = `${isLocked ? 'Unlock' : 'Lock'} ${kind} ${name}`;
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={isLocked}
      title={isLocked ? 'Locked: the AI will not change it. Click to unlock.' : 'Lock against AI changes'}
      onClick={onToggle}
      className={cn(
        'mr-0.5 flex size-6 shrink-0 items-center justify-center rounded text-muted-foreground transition-opacity hover:bg-background hover:text-foreground focus-visible:opacity-100',
        isLocked
          ? 'text-brand-foreground opacity-100'
          : 'opacity-0 group-hover:opacity-100 [@media(hover:none)]:opacity-100',
      )}
    >
      {isLocked ? (
        <Lock aria-hidden="true" className="size-3" />
      ) : (
        <LockOpen aria-hidden="true" className="size-3" />
      )}
    </button>
  );
}
