import { NavLink } from 'react-router';
import { useBilling } from '../billing/use-billing.ts';
import { cn } from '../lib/cn.ts';
import { navLinksFor } from './nav-links.ts';

export function HeaderNav({ userId }: { userId: string | null }) {
  const billing = useBilling();
  return (
    <nav aria-label="Main" className="hidden items-center gap-1 sm:flex">
      {navLinksFor(userId, billing.data?.marketplace === true).map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          end={link.end ?? false}
          className={({ isActive }) =>
            cn(
              'rounded-md px-2.5 py-1.5 text-sm font-medium transition-colors',
              isActive ? 'text-foreground' : 'text-muted-foreground hover:text-foreground',
            )
          }
        >
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
