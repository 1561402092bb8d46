import { Link } from 'react-router';
import { LogOut, Settings, ShieldCheck, UserRound } from 'lucide-react';
import { Avatar } from '../components/ui/avatar.tsx';
import { Badge } from '../components/ui/badge.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu.tsx';
import { useMe } from './use-me.ts';
import { useSignOut } from './use-sign-out.ts';
import type { SessionUser } from './use-session.ts';

/** The avatar button at the right of the header and its menu. */
export function UserMenu({ user }: { user: SessionUser }) {
  const signOut = useSignOut();
  const me = useMe();
  const planName = me.data?.plan.name;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Open account menu"
        className="flex items-center gap-2 rounded-full p-0.5 transition-colors hover:bg-accent data-[state=open]:bg-accent sm:pr-2.5"
      >
        <Avatar name={user.name} email={user.email} imageUrl={user.image} />
        <span className="hidden max-w-36 truncate text-sm font-medium sm:inline">{user.name}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <DropdownMenuLabel className="flex items-center gap-3">
          <Avatar name={user.name} email={user.email} imageUrl={user.image} className="size-9" />
          <span className="grid min-w-0 flex-1 gap-0.5">
            <span className="flex items-center gap-2">
              <span className="truncate font-semibold" data-testid="user-menu-name">
                {user.name}
              </span>
              {planName ? (
                <Badge variant={me.data?.isPremium ? 'brand' : 'neutral'} className="px-1.5 py-0 text-[11px]">
                  {planName}
                </Badge>
              ) : null}
            </span>
            <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuItem asChild>
            <Link to={`/users/${encodeURIComponent(user.id)}`}>
              <UserRound aria-hidden="true" /> Your profile
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to="/account">
              <Settings aria-hidden="true" /> Account
            </Link>
          </DropdownMenuItem>
          {me.data?.user?.isAdmin ? (
            <DropdownMenuItem asChild>
              <Link to="/admin">
                <ShieldCheck aria-hidden="true" /> Administration
              </Link>
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" /> Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
