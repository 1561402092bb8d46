import { useCallback, useEffect, useRef, useState } from 'react';
import { usePollDeviceFlow, useStartDeviceFlow } from '../lib/codehost-queries.ts';
import {
  applyPoll,
  applyPollError,
  applyStartError,
  startWaiting,
  type DeviceFlowView,
} from './device-flow.ts';

/**
 * GitHub's device flow from the browser: start it (the server keeps the device code), then poll
 * every `interval` seconds until the user approved, denied, or the code expired. Each answer is
 * a new view (device-flow.ts), and each waiting view schedules exactly one next poll; starting
 * again or cancelling drops the poll in flight.
 */
export function useDeviceFlow(userId: string | null, onConnected: (username: string | null) => void) {
  const [view, setView] = useState<DeviceFlowView>({ phase: 'idle' });
  const { mutateAsync: startFlow } = useStartDeviceFlow();
  const { mutateAsync: poll } = usePollDeviceFlow(userId);
  const attempt = useRef(0);
  const onConnectedRef = useRef(onConnected);
  useEffect(() => {
    onConnectedRef.current = onConnected;
  }, [onConnected]);

  const start = useCallback(async () => {
    const current = ++attempt.current;
    setView({ phase: 'starting' });
    try {
      const started = await startFlow();
      if (attempt.current === current) setView(startWaiting(started, Date.now()));
    } catch (error) {
      if (attempt.current === current) setView(applyStartError(error));
    }
  }, [startFlow]);

  const cancel = useCallback(() => {
    attempt.current++;
    setView({ phase: 'idle' });
  }, []);

  useEffect(() => {
    if (view.phase !== 'waiting') return;
    // Cleared when the view changes (an answer, a new start, cancel) or the dialog unmounts.
    let isCurrent = true;
    const timer = setTimeout(() => {
      poll().then(
        (answer) => {
          if (!isCurrent) return;
          const next = applyPoll(view, answer, Date.now());
          setView(next);
          if (next.phase === 'connected') onConnectedRef.current(next.username);
        },
        (error: unknown) => {
          if (isCurrent) setView(applyPollError(view, error));
        },
      );
    }, view.interval * 1000);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [view, poll]);

  return { view, start, cancel };
}
