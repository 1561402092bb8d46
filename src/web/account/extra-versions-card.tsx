import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { PlusCircle } from 'lucide-react';
import { EXTRA_VERSION_PRICE_CENTS } from '../../core/plans/index.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import type { BillingInfo } from '../billing/use-billing.ts';
import { cn } from '../lib/cn.ts';
import { ExtraVersionsPicker } from './extra-versions-picker.tsx';

interface ExtraVersionsCardProps {
  isOpen: boolean;
  /** GET /api/billing; undefined while it loads. */
  billing: BillingInfo | undefined;
  /** The server answers without Stripe (or not at all): the administrator adds credits. */
  isBillingOff: boolean;
  credits: number;
  /** Back from Stripe Checkout, before the webhook has added the credits. */
  isConfirmingPayment: boolean;
}

/**
 * Spec §8/§9: 'Buy extra versions ($1 each)' lands on /account?buy_extra=true, which opens and
 * focuses this section. With Stripe it sells them through Checkout; without, it says how to get more.
 */
export function ExtraVersionsCard({
  isOpen,
  billing,
  isBillingOff,
  credits,
  isConfirmingPayment,
}: ExtraVersionsCardProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!isOpen) return;
    ref.current?.scrollIntoView({ block: 'center' });
    ref.current?.focus({ preventScroll: true });
  }, [isOpen]);
  const price = `$${(EXTRA_VERSION_PRICE_CENTS / 100).toFixed(0)}`;
  return (
    <div ref={ref} id="extra-versions" tabIndex={-1} className="rounded-2xl outline-none">
      <Card className={cn(isOpen && 'border-brand/50 ring-2 ring-brand/25')}>
        <CardHeader>
          <div className="flex items-center gap-2">
            <PlusCircle aria-hidden="true" className="size-5 text-brand" />
            <CardTitle>Extra versions</CardTitle>
          </div>
          <CardDescription>
            Out of versions before your plan resets? Extra versions cost {price} each and never expire.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 text-sm">
          {billing?.enabled ? (
            <>
              <p className="text-muted-foreground">
                {credits > 0
                  ? `You have ${credits} extra ${credits === 1 ? 'version' : 'versions'}; they are used once your plan's versions run out.`
                  : 'You have no extra versions yet.'}
              </p>
              {isConfirmingPayment ? (
                <p role="status" className="text-muted-foreground">
                  Confirming your payment…
                </p>
              ) : null}
              <ExtraVersionsPicker unitPriceCents={billing.extraVersionPriceCents} currentCredits={credits} />
            </>
          ) : isBillingOff ? (
            <p className="rounded-lg border border-dashed bg-surface px-3 py-2.5 text-muted-foreground">
              Buying extra versions online is not available on this server yet. Your Kiln administrator can
              add them with{' '}
              <code className="font-mono text-[12px] text-foreground">
                npm run kiln -- credits add {'<email>'} {'<count>'}
              </code>
              , or{' '}
              <Link to="/pricing" className="font-medium text-foreground underline underline-offset-2">
                upgrade to Premium
              </Link>{' '}
              for a much larger limit.
            </p>
          ) : (
            <Skeleton className="h-16" />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
