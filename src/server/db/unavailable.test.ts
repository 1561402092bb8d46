import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.ts';

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('isDatabaseUnavailable', () => {
  it("knows Kiln's own query failing to reach the database, however wrapped", () => {
    expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], refused()))).toBe(true);
    const dropped = new DrizzleQueryError('select 1', [], new Error('Connection terminated unexpectedly'));
    expect(isDatabaseUnavailable(new Error('session', { cause: dropped }))).toBe(true);
    const restarting = Object.assign(new Error('the database system is starting up'), { code: '57P03' });
    expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], restarting))).toBe(true);
  });

  it("is not fooled by a query's own error, nor by someone else's connection (an integration)", () => {
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    expect(isDatabaseUnavailable(new DrizzleQueryError('insert', [], unique))).toBe(false);
    expect(isDatabaseUnavailable(refused())).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
