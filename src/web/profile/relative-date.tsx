import { formatAbsoluteTime, formatRelativeTime } from '../lib/relative-time.ts';

/** '3 days ago' in a <time> element whose tooltip gives the exact date. */
export function RelativeDate({ date, prefix }: { date: string; prefix?: string }) {
  const relative = formatRelativeTime(date);
  return (
    <time dateTime={date} title={formatAbsoluteTime(date)}>
      {prefix ? `${prefix} ${relative}` : relative}
    </time>
  );
}
