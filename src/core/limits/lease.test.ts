import { describe, expect, it } from 'vitest';
import { grantedSlots, leaseSize } from './lease.ts';

const rule = (max: number) => ({ max, windowMs: 60_000 });

describe('leased windows', () => {
  it('lease a tenth of the max, never less than one request (small windows stay exact)', () => {
    expect(leaseSize(rule(300))).toBe(30);
    expect(leaseSize(rule(25))).toBe(2);
    expect(leaseSize(rule(10))).toBe(1);
    expect(leaseSize(rule(3))).toBe(1);
  });

  it('grant what the window has left of a lease, and nothing once it is full', () => {
    // A fresh window: the lease opened it with its own size.
    expect(grantedSlots({ count: 30, resetsAt: 1 }, 30, rule(300))).toBe(30);
    // The last lease that fits exactly, one that only partly fits, and one past the max.
    expect(grantedSlots({ count: 300, resetsAt: 1 }, 30, rule(300))).toBe(30);
    expect(grantedSlots({ count: 310, resetsAt: 1 }, 30, rule(300))).toBe(20);
    expect(grantedSlots({ count: 330, resetsAt: 1 }, 30, rule(300))).toBe(0);
    expect(grantedSlots({ count: 400, resetsAt: 1 }, 30, rule(300))).toBe(0);
  });

  it('however leases interleave, the slots granted never exceed the max', () => {
    const r = rule(47);
    const size = leaseSize(r);
    let stored = 0;
    let granted = 0;
    for (let lease = 0; lease < 40; lease++) {
      stored += size;
      granted += grantedSlots({ count: stored, resetsAt: 1 }, size, r);
    }
    expect(granted).toBe(47);
  });
});
