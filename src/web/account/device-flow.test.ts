import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api.ts';
import type { CodeHostConnection, DeviceFlowPoll } from '../lib/codehost-types.ts';
import {
  applyPoll,
  applyPollError,
  applyStartError,
  MAX_POLL_ERRORS,
  startWaiting,
  type DeviceFlowView,
} from './device-flow.ts';

const none: CodeHostConnection = {
  connected: false,
  username: null,
  method: null,
  scopes: [],
  problem: null,
  methods: { device: true, web: false, token: true },
};
const poll = (status: DeviceFlowPoll['status'], interval = 5, connection = none): DeviceFlowPoll => ({
  status,
  interval,
  message: null,
  connection,
});
const now = 1_000_000;
const waiting = startWaiting(
  { userCode: 'ABCD-1234', verificationUri: 'https://github.com/login/device', expiresIn: 900, interval: 5 },
  now,
);

describe("'Connect GitHub' through the device flow (issue 15)", () => {
  it('waits with the code, the address and the interval GitHub gave', () => {
    expect(waiting).toEqual({
      phase: 'waiting',
      userCode: 'ABCD-1234',
      verificationUri: 'https://github.com/login/device',
      expiresAt: now + 900_000,
      interval: 5,
      polls: 0,
      errors: 0,
    });
  });

  it('keeps polling while pending, at the interval the server says (slow_down adds 5 s)', () => {
    const next = applyPoll(waiting, poll('pending', 10), now + 5000);
    expect(next).toMatchObject({ phase: 'waiting', interval: 10, polls: 1 });
    // Each answer is a new view, which is what schedules the next poll.
    expect(next).not.toBe(waiting);
  });

  it('ends connected with the username', () => {
    const connected = { ...none, connected: true, username: 'ada', method: 'device' as const };
    expect(applyPoll(waiting, poll('connected', 5, connected), now)).toEqual({
      phase: 'connected',
      username: 'ada',
    });
  });

  it('says clearly why it ended: denied, expired, disabled', () => {
    expect(applyPoll(waiting, poll('denied'), now)).toMatchObject({
      phase: 'failed',
      reason: 'denied',
      title: 'Access denied',
    });
    expect(applyPoll(waiting, poll('expired'), now)).toMatchObject({
      reason: 'expired',
      title: 'The code expired',
    });
    expect(applyPoll(waiting, poll('disabled'), now)).toMatchObject({
      reason: 'disabled',
      title: 'Device sign-in is turned off',
    });
  });

  it('stops at the expiry even if the server still says pending', () => {
    expect(applyPoll(waiting, poll('pending'), now + 900_000)).toMatchObject({
      phase: 'failed',
      reason: 'expired',
    });
  });

  it('tries a poll with no answer again, up to a few in a row, and stops at a refusal', () => {
    let view: DeviceFlowView = waiting;
    for (let i = 1; i < MAX_POLL_ERRORS; i++) {
      view = applyPollError(view, new TypeError('Failed to fetch'));
      expect(view).toMatchObject({ phase: 'waiting', errors: i });
    }
    expect(applyPollError(view, new ApiError(503, null, 'Service Unavailable'))).toMatchObject({
      phase: 'failed',
      reason: 'error',
      message: 'Service Unavailable',
    });
    // An answer in between starts the count again.
    expect(applyPoll(view, poll('pending'), now)).toMatchObject({ errors: 0 });
    expect(
      applyPollError(waiting, new ApiError(401, 'unauthenticated', 'Please sign in to continue.')),
    ).toMatchObject({
      phase: 'failed',
      message: 'Please sign in to continue.',
    });
  });

  it("shows the server's reason when the flow cannot start", () => {
    const error = new ApiError(
      409,
      'device-flow-unavailable',
      'GitHub device sign-in is not set up on this server.',
    );
    expect(applyStartError(error)).toEqual({
      phase: 'failed',
      reason: 'error',
      title: 'Could not connect GitHub',
      message: 'GitHub device sign-in is not set up on this server.',
    });
  });

  it('ignores a late answer once the flow is over', () => {
    const over: DeviceFlowView = { phase: 'connected', username: 'ada' };
    expect(applyPoll(over, poll('denied'), now)).toBe(over);
    expect(applyPollError(over, new Error('late'))).toBe(over);
  });
});
