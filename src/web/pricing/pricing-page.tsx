import { Link } from 'react-router';
import { Terminal } from 'lucide-react';
import { EXTRA_VERSION_PRICE_CENTS, PLANS } from '../../core/plans/index.ts';
import { useMe } from '../auth/use-me.ts';
import { useSession } from '../auth/use-session.ts';
import { Button } from '../components/ui/button.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { PlanCard } from './plan-card.tsx';

const extraPrice = `$${(EXTRA_VERSION_PRICE_CENTS / 100).toFixed(0)}`;

/** /pricing: Free and Premium with the real limits of the plan catalogue. */
export default function PricingPage() {
  useDocumentTitle('Pricing');
  const { user } = useSession();
  const me = useMe();
  const isPremium = me.data?.isPremium ?? false;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-14 sm:px-6 sm:py-20">
      <div className="mx-auto max-w-2xl text-center">
        <p className="text-sm font-medium text-brand-foreground">Pricing</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
          Start free. Upgrade when you build more.
        </h1>
        <p className="mt-4 text-pretty text-muted-foreground">
          Every plan has the live preview, the code view and zip downloads. Premium raises the limits and
          unlocks private components, remixes, image uploads and the publishing features.
        </p>
      </div>

      <div className="mt-12 grid gap-6 md:grid-cols-2">
        <PlanCard
          plan={PLANS.free}
          price={
            <>
              <span className="text-4xl font-semibold tracking-tight">$0</span>
              <span className="text-sm text-muted-foreground">forever</span>
            </>
          }
          tagline="For trying ideas and small components."
          isCurrent={Boolean(user) && !isPremium}
          action={
            user ? (
              <Button asChild variant="outline" className="w-full">
                <Link to="/">Start building</Link>
              </Button>
            ) : (
              <Button asChild variant="outline" className="w-full">
                <Link to="/signup">Create a free account</Link>
              </Button>
            )
          }
        />
        <PlanCard
          plan={PLANS.premium}
          price={<span className="text-base font-medium">Granted by your Kiln administrator</span>}
          tagline="For people who ship components and apps every week."
          isHighlighted
          isCurrent={isPremium}
          action={
            isPremium ? (
              <Button asChild className="w-full">
                <Link to="/account">Go to My Account</Link>
              </Button>
            ) : (
              <Button asChild className="w-full">
                <a href="#upgrade">Upgrade to Premium</a>
              </Button>
            )
          }
        />
      </div>

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
              npm run kiln -- plan grant {me.data?.user?.email ?? 'you@example.com'} premium
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
    </div>
  );
}
