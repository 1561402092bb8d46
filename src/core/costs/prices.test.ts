import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL_PRICES, parsePriceTable, priceOf } from './prices.ts';

describe('the price table', () => {
  it('has defaults for the providers’ common models', () => {
    for (const id of [
      'openai:gpt-4.1',
      'openai:gpt-4.1-mini',
      'openai:gpt-4o',
      'anthropic:claude-sonnet-4-5',
      'anthropic:claude-haiku-4-5',
      'anthropic:claude-opus-4-1',
    ]) {
      expect(priceOf(DEFAULT_MODEL_PRICES, id), id).not.toBeNull();
    }
  });

  it('prices a dated snapshot as its family, and an unknown model not at all', () => {
    expect(priceOf(DEFAULT_MODEL_PRICES, 'anthropic:claude-sonnet-4-5-20250929')).toEqual(
      DEFAULT_MODEL_PRICES['anthropic:claude-sonnet-4-5'],
    );
    expect(priceOf(DEFAULT_MODEL_PRICES, 'openai:gpt-4o-2024-08-06')).toEqual(
      DEFAULT_MODEL_PRICES['openai:gpt-4o'],
    );
    expect(priceOf(DEFAULT_MODEL_PRICES, 'compatible:llama3')).toBeNull();
    expect(priceOf(DEFAULT_MODEL_PRICES, 'demo:kiln-demo')).toBeNull();
  });

  it('merges KILN_MODEL_PRICES over the defaults; cachedInput defaults to input; null removes a default', () => {
    const parsed = parsePriceTable(
      '{"compatible:llama3":{"input":0.2,"output":0.6},"openai:gpt-4o":{"input":1,"output":2,"cachedInput":0.5},"openai:gpt-4.1":null}',
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(priceOf(parsed.table, 'compatible:llama3')).toEqual({ input: 0.2, output: 0.6, cachedInput: 0.2 });
    expect(priceOf(parsed.table, 'openai:gpt-4o')).toEqual({ input: 1, output: 2, cachedInput: 0.5 });
    expect(priceOf(parsed.table, 'openai:gpt-4.1')).toBeNull();
    expect(priceOf(parsed.table, 'anthropic:claude-haiku-4-5')).not.toBeNull();
  });

  it('keeps the defaults when unset and refuses malformed tables with a reason', () => {
    expect(parsePriceTable(undefined)).toEqual({ ok: true, table: DEFAULT_MODEL_PRICES });
    expect(parsePriceTable('{')).toEqual({ ok: false, message: 'not valid JSON' });
    expect(parsePriceTable('[1]').ok).toBe(false);
    expect(parsePriceTable('{"gpt-4o":{"input":1,"output":1}}').ok).toBe(false);
    expect(parsePriceTable('{"openai:x":{"input":-1,"output":1}}').ok).toBe(false);
    expect(parsePriceTable('{"openai:x":{"input":1}}').ok).toBe(false);
  });
});
