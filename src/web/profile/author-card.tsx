import { Link } from 'react-router';
import { Avatar } from '../components/ui/avatar.tsx';
import { cn } from '../lib/cn.ts';
import { RelativeDate } from './relative-date.tsx';

export interface Author {
  id: string;
  fullName: string | null;
  avatarUrl: string | null;
  createdAt: string;
}

interface AuthorCardProps {
  author: Author;
  /** 'compact' links to the profile (chats); 'header' is the profile page's own heading. */
  variant?: 'compact' | 'header';
  className?: string;
}

/** Spec §2 author card: avatar, full name or 'Anonymous user', relative creation date. */
export function AuthorCard({ author, variant = 'compact', className }: AuthorCardProps) {
  const name = author.fullName?.trim() || 'Anonymous user';

  if (variant === 'header') {
    return (
      <div className={cn('flex items-center gap-4 sm:gap-5', className)}>
        <Avatar name={author.fullName} imageUrl={author.avatarUrl} className="size-16 text-2xl sm:size-20" />
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-semibold tracking-tight sm:text-3xl">{name}</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            <RelativeDate date={author.createdAt} prefix="Joined" />
          </p>
        </div>
      </div>
    );
  }

  return (
    <Link
      to={`/users/${encodeURIComponent(author.id)}`}
      className={cn('group flex min-w-0 items-center gap-2.5 rounded-lg', className)}
    >
      <Avatar name={author.fullName} imageUrl={author.avatarUrl} />
      <span className="grid min-w-0">
        <span className="truncate text-sm font-medium group-hover:underline">{name}</span>
        <span className="text-xs text-muted-foreground">
          <RelativeDate date={author.createdAt} />
        </span>
      </span>
    </Link>
  );
}
