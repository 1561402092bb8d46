import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL_PRICES } from '../../core/costs/index.ts';
import { ConfigError, parseConfig } from '../config.ts';

describe('KILN_MODEL_PRICES and KILN_MONTHLY_BUDGET_USD', () => {
  it('default to the documented prices and no budgets', () => {
    const config = parseConfig({});
    expect(config.costs).toEqual({ prices: DEFAULT_MODEL_PRICES, monthlyBudgets: {} });
  });

  it('merge prices over the defaults and read budgets per plan', () => {
    const config = parseConfig({
      KILN_MODEL_PRICES: '{"compatible:llama3":{"input":0.1,"output":0.2}}',
      KILN_MONTHLY_BUDGET_USD: '{"free":1,"premium":50}',
    });
    expect(config.costs.prices['compatible:llama3']).toEqual({ input: 0.1, output: 0.2, cachedInput: 0.1 });
    expect(config.costs.prices['openai:gpt-4.1']).toEqual(DEFAULT_MODEL_PRICES['openai:gpt-4.1']);
    expect(config.costs.monthlyBudgets).toEqual({ free: 1, premium: 50 });
  });

  it('refuse to start with a malformed value, naming the variable', () => {
    expect(() => parseConfig({ KILN_MODEL_PRICES: '{"gpt-4o":1}' })).toThrow(ConfigError);
    expect(() => parseConfig({ KILN_MODEL_PRICES: 'nope' })).toThrow(/KILN_MODEL_PRICES: not valid JSON/);
    expect(() => parseConfig({ KILN_MONTHLY_BUDGET_USD: '{"gold":5}' })).toThrow(/KILN_MONTHLY_BUDGET_USD/);
  });
});
