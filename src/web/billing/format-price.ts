import type { Price } from './use-billing.ts';

/** '$20', '$16.67', '€9': whole amounts without cents, others with two decimals. */
export function formatPrice({ amountCents, currency }: Price): string {
  const whole = amountCents % 100 === 0;
  return new Intl.NumberFormat('en', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amountCents / 100);
}

export interface YearlySaving {
  /** The yearly price spread over twelve months, rounded to the cent. */
  perMonth: Price;
  /** Twelve monthly payments minus the yearly one. */
  saved: Price;
  /** The saving as a whole percentage of twelve monthly payments. */
  percent: number;
}

/** What paying yearly saves against twelve monthly payments; null when it saves nothing. */
export function yearlySaving(month: Price | null, year: Price | null): YearlySaving | null {
  if (!month || !year || month.currency.toLowerCase() !== year.currency.toLowerCase()) return null;
  const twelveMonths = month.amountCents * 12;
  const savedCents = twelveMonths - year.amountCents;
  if (savedCents <= 0) return null;
  return {
    perMonth: { amountCents: Math.round(year.amountCents / 12), currency: year.currency },
    saved: { amountCents: savedCents, currency: year.currency },
    percent: Math.round((savedCents / twelveMonths) * 100),
  };
}
