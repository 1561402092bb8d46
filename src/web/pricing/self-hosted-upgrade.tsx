import { Link } from 'react-router';
import { Terminal } from 'lucide-react';
import { EXTRA_VERSION_PRICE_CENTS } from '../../core/plans/index.ts';

const extraPrice = `$${(EXTRA_VERSION_PRICE_CENTS / 100).toFixed(0)}`;

/** Without Stripe keys, an administrator grants Premium with the admin command line. */
export function SelfHostedUpgrade({ email }: { email: string | null }) {
  return (
    <section
      id="upgrade"
      aria-labelledby="upgrade-title"
      className="mt-12 scroll-mt-20 rounded-2xl border bg-surface p-6 sm:p-8"
    >
      <div className="flex items-start gap-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl border bg-background">
          <Terminal aria-hidden="true" className="size-5 text-muted-foreground" />
        </span>
        <div className="min-w-0">
          <h2 id="upgrade-title" className="font-semibold tracking-tight">
            How to upgrade on this server
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Online payment is not switched on here yet. An administrator of this Kiln server grants Premium
            with the admin command line:
          </p>
          <pre className="mt-3 overflow-x-auto rounded-lg border bg-background px-3 py-2 font-mono text-[13px]">
            npm run kiln -- plan grant {email ?? 'you@example.com'} premium
          </pre>
          <p className="mt-3 text-sm text-muted-foreground">
            Extra versions cost {extraPrice} each once your monthly versions run out —{' '}
            <Link
              to="/account?buy_extra=true"
              className="font-medium text-foreground underline underline-offset-2"
            >
              see your account
            </Link>
            .
          </p>
        </div>
      </div>
    </section>
  );
}
