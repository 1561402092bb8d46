import { Link } from 'react-router';
import { BrandLogo } from '../components/brand-logo.tsx';
import { ThemeToggle } from '../theme/theme-toggle.tsx';
import { useSession } from '../auth/use-session.ts';
import { HeaderAccount } from './header-account.tsx';
import { HeaderNav } from './header-nav.tsx';

export function SiteHeader() {
  const session = useSession();
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/80 backdrop-blur-md supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-4 px-4 sm:gap-6 sm:px-6">
        <Link to="/" aria-label="Kiln home" className="rounded-lg">
          <BrandLogo />
        </Link>
        <HeaderNav userId={session.user?.id ?? null} />
        <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
          <ThemeToggle />
          <HeaderAccount session={session} />
        </div>
      </div>
    </header>
  );
}
