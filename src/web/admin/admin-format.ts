import { ADMIN_ACTION_LABELS, type AdminAuditEntry, type AdminUser } from '../../core/admin/index.ts';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });

/** 'March 5, 2027' (UTC, as the account page shows a plan's dates). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** The plan as the users list reads it: 'Free', 'Premium', 'Premium until March 5, 2027', 'Premium · Stripe'. */
export function describePlan(user: Pick<AdminUser, 'plan' | 'planSource' | 'premiumUntil'>): {
  name: 'Free' | 'Premium';
  detail: string | null;
} {
  if (user.plan === 'free') return { name: 'Free', detail: null };
  if (user.planSource === 'stripe') return { name: 'Premium', detail: 'Stripe' };
  return { name: 'Premium', detail: user.premiumUntil ? `until ${formatDate(user.premiumUntil)}` : null };
}

/** An audit entry's action in words; an action this page does not know yet is shown as it is stored. */
export function actionLabel(action: string): string {
  return ADMIN_ACTION_LABELS[action] ?? action;
}

/** The small print of an audit entry: 'until March 5, 2027', 'until revoked', '10 extra versions'. */
export function describeAuditDetail(entry: Pick<AdminAuditEntry, 'action' | 'detail'>): string | null {
  const { detail } = entry;
  if (entry.action === 'plan.grant') {
    return typeof detail.until === 'string' ? `until ${formatDate(detail.until)}` : 'until revoked';
  }
  if (typeof detail.count === 'number') {
    return `${detail.count} extra version${detail.count === 1 ? '' : 's'}`;
  }
  return null;
}

/** A chat's id as a column can hold it: its first 8 characters. */
export function shortId(id: string): string {
  return id.length > 8 ? id.slice(0, 8) : id;
}

/** A job's kind as a person reads it: 'preview-build' → 'Preview build'. */
export function jobKindLabel(kind: string): string {
  const words = kind.replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : kind;
}
