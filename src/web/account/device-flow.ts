import { ApiError } from '../lib/api.ts';
import type { DeviceFlowPoll, DeviceFlowStart } from '../lib/codehost-types.ts';

/** How the device flow ended when it did not connect. */
export type DeviceFlowFailure = 'denied' | 'expired' | 'disabled' | 'error';

/** Where 'Connect GitHub' through GitHub's device flow stands. */
export type DeviceFlowView =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | {
      phase: 'waiting';
      userCode: string;
      verificationUri: string;
      /** Epoch ms after which GitHub no longer accepts the code. */
      expiresAt: number;
      /** Seconds until the next poll (GitHub's `slow_down` raises it by 5; the server passes it on). */
      interval: number;
      /** Polls answered so far: each answer is a new view, which schedules the next poll. */
      polls: number;
      /** Polls in a row that failed without an answer (network, 5xx). */
      errors: number;
    }
  | { phase: 'connected'; username: string | null }
  | { phase: 'failed'; reason: DeviceFlowFailure; title: string; message: string };

/** Polls in a row that may fail (network, 5xx) before the flow gives up. */
export const MAX_POLL_ERRORS = 3;

/** Issue 15: `access_denied`, `expired_token` and `device_flow_disabled` get clear messages. */
export const DEVICE_FLOW_FAILURES: Record<
  Exclude<DeviceFlowFailure, 'error'>,
  { title: string; message: string }
> = {
  denied: {
    title: 'Access denied',
    message: 'The request was cancelled on GitHub, so Kiln is not connected. Start again to get a new code.',
  },
  expired: {
    title: 'The code expired',
    message: 'The code was not entered on GitHub in time. Start again to get a new code.',
  },
  disabled: {
    title: 'Device sign-in is turned off',
    message:
      "This server's GitHub OAuth App does not allow the device flow. Use a personal access token, or ask the operator to enable Device Flow in the app's settings.",
  },
};

export function startWaiting(start: DeviceFlowStart, now: number): DeviceFlowView {
  return {
    phase: 'waiting',
    userCode: start.userCode,
    verificationUri: start.verificationUri,
    expiresAt: now + start.expiresIn * 1000,
    interval: Math.max(1, start.interval),
    polls: 0,
    errors: 0,
  };
}

function failed(reason: DeviceFlowFailure, message?: string | null): DeviceFlowView {
  if (reason === 'error') {
    return {
      phase: 'failed',
      reason,
      title: 'Could not connect GitHub',
      message: message || 'Please try again.',
    };
  }
  return { phase: 'failed', reason, ...DEVICE_FLOW_FAILURES[reason] };
}

/** The view after one poll's answer. A code past its expiry ends the flow even if the server still says pending. */
export function applyPoll(view: DeviceFlowView, poll: DeviceFlowPoll, now: number): DeviceFlowView {
  if (view.phase !== 'waiting') return view;
  switch (poll.status) {
    case 'connected':
      return { phase: 'connected', username: poll.connection.username };
    case 'denied':
    case 'expired':
    case 'disabled':
      return failed(poll.status);
    case 'pending':
      if (now >= view.expiresAt) return failed('expired');
      return { ...view, interval: Math.max(1, poll.interval), polls: view.polls + 1, errors: 0 };
  }
}

/**
 * The view after a poll that got no answer. A refusal (4xx) ends the flow with the server's
 * message; a network cut or a 5xx is tried again at the next interval, up to MAX_POLL_ERRORS in a row.
 */
export function applyPollError(view: DeviceFlowView, error: unknown): DeviceFlowView {
  if (view.phase !== 'waiting') return view;
  const message = error instanceof Error ? error.message : null;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return failed('error', message);
  if (view.errors + 1 >= MAX_POLL_ERRORS) return failed('error', message);
  return { ...view, polls: view.polls + 1, errors: view.errors + 1 };
}

/** The view when starting the flow failed (409 `device-flow-unavailable` without a client id, …). */
export function applyStartError(error: unknown): DeviceFlowView {
  return failed('error', error instanceof Error ? error.message : null);
}
