import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time.ts';

const now = new Date('2026-03-10T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('formatRelativeTime', () => {
  it('says "just now" for the last 45 seconds', () => {
    expect(formatRelativeTime(ago(10), now)).toBe('just now');
  });

  it('counts minutes, hours and days', () => {
    expect(formatRelativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(3 * 3600), now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(3 * 86400), now)).toBe('3 days ago');
  });

  it('uses words for the nearest unit', () => {
    expect(formatRelativeTime(ago(86400), now)).toBe('yesterday');
    expect(formatRelativeTime(ago(35 * 86400), now)).toBe('last month');
  });

  it('counts weeks and years', () => {
    expect(formatRelativeTime(ago(14 * 86400), now)).toBe('2 weeks ago');
    expect(formatRelativeTime(ago(800 * 86400), now)).toBe('2 years ago');
  });

  it('accepts ISO strings and survives garbage', () => {
    expect(formatRelativeTime(ago(2 * 86400).toISOString(), now)).toBe('2 days ago');
    expect(formatRelativeTime('not a date', now)).toBe('some time ago');
  });
});
