import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { PlusCircle } from 'lucide-react';
import { EXTRA_VERSION_PRICE_CENTS } from '../../core/plans/index.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { cn } from '../lib/cn.ts';

/**
 * Spec §8/§9: 'Buy extra versions ($1 each)' lands on /account?buy_extra=true, which opens and
 * focuses this section. Payments come with their own issue; until then it says how to get more.
 */
export function ExtraVersionsCard({ isOpen }: { isOpen: boolean }) {
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
        <CardContent className="grid gap-3 text-sm">
          <p className="rounded-lg border border-dashed bg-surface px-3 py-2.5 text-muted-foreground">
            Buying extra versions online is not available on this server yet. Your Kiln administrator can add
            them with{' '}
            <code className="font-mono text-[12px] text-foreground">
              npm run kiln -- credits add {'<email>'} {'<count>'}
            </code>
            , or{' '}
            <Link to="/pricing" className="font-medium text-foreground underline underline-offset-2">
              upgrade to Premium
            </Link>{' '}
            for a much larger limit.
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
