import { useEffect, useState } from 'react';
import { formatAbsoluteTime, formatRelativeTime } from '../../../lib/relative-time.ts';

/** Spec §2 'Last synced:' time: relative ('5 minutes ago'), the full time in its title; kept fresh each minute. */
export function LastSynced({ lastSync }: { lastSync: string | null }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, [lastSync]);

  return (
    <span>
      Last synced:{' '}
      {lastSync ? (
        <time dateTime={lastSync} title={formatAbsoluteTime(lastSync)} className="text-foreground">
          {formatRelativeTime(lastSync, now)}
        </time>
      ) : (
        <span className="text-foreground">Never</span>
      )}
    </span>
  );
}
