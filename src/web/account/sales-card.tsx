import { Link } from 'react-router';
import { formatPrice } from '../../core/marketplace/index.ts';
import { useBilling } from '../billing/use-billing.ts';
import { Avatar } from '../components/ui/avatar.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { useSales } from '../marketplace/use-marketplace.ts';
import { RelativeDate } from '../profile/relative-date.tsx';

/** /account: what the person sold on the marketplace (GET /api/me/sales); shown once there is a sale. */
export function SalesCard() {
  const billing = useBilling();
  const sales = useSales(billing.data?.marketplace === true);
  if (!sales.data || sales.data.length === 0) return null;
  const total = sales.data.reduce((sum, sale) => sum + sale.amountCents, 0);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sales</CardTitle>
        <CardDescription>
          {sales.data.length === 1 ? '1 sale' : `${sales.data.length} sales`} on the marketplace,{' '}
          {formatPrice(total)} in all.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y text-sm" aria-label="Sales">
          {sales.data.map((sale) => (
            <li key={sale.id} className="flex items-center gap-3 py-2.5">
              <Avatar name={sale.buyer.fullName} imageUrl={sale.buyer.avatarUrl} className="size-7 text-xs" />
              <div className="min-w-0 flex-1">
                <p className="truncate">
                  <span className="font-medium">{sale.buyer.fullName ?? 'Anonymous user'}</span> bought{' '}
                  <Link
                    to={`/components/${encodeURIComponent(sale.slug)}`}
                    className="font-medium underline underline-offset-2"
                  >
                    {sale.title}
                  </Link>{' '}
                  <span className="text-muted-foreground">(version #{sale.version})</span>
                </p>
                <p className="text-xs text-muted-foreground">
                  <RelativeDate date={sale.createdAt} />
                </p>
              </div>
              <span className="shrink-0 font-medium tabular-nums">{formatPrice(sale.amountCents)}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
