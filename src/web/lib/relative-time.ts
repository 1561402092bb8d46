const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const absolute = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' });

/**
 * A short relative phrase for a past (or future) moment: 'just now', '5 minutes ago',
 * 'yesterday', '3 days ago', 'last month', '2 years ago'.
 */
export function formatRelativeTime(date: Date | string, now: Date = new Date()): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(then.getTime())) return 'some time ago';
  const seconds = Math.round((then.getTime() - now.getTime()) / 1000);
  const distance = Math.abs(seconds);
  if (distance < 45) return 'just now';
  if (distance < HOUR) return relative.format(Math.round(seconds / MINUTE), 'minute');
  if (distance < DAY) return relative.format(Math.round(seconds / HOUR), 'hour');
  if (distance < WEEK) return relative.format(Math.round(seconds / DAY), 'day');
  if (distance < MONTH) return relative.format(Math.round(seconds / WEEK), 'week');
  if (distance < YEAR) return relative.format(Math.round(seconds / MONTH), 'month');
  return relative.format(Math.round(seconds / YEAR), 'year');
}

/** The full date and time, for a tooltip or a <time> title next to a relative phrase. */
export function formatAbsoluteTime(date: Date | string): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  return Number.isNaN(then.getTime()) ? '' : absolute.format(then);
}
