/**
 * The price table behind the dollar figures (issue 17 item 3): dollars per million tokens, keyed
 * by `provider:model` (the id Kiln shows for its model, e.g. `openai:gpt-4.1`). The defaults are
 * the providers' public list prices for their common models when this table was written; they
 * change, so an operator should check them and override with KILN_MODEL_PRICES.
 */
export interface ModelPrice {
  /** Dollars per million input tokens that were not read from the prompt cache. */
  input: number;
  /** Dollars per million output tokens. */
  output: number;
  /** Dollars per million input tokens read from the prompt cache. */
  cachedInput: number;
}

export type PriceTable = Readonly<Record<string, ModelPrice>>;

const price = (input: number, output: number, cachedInput: number): ModelPrice => ({
  input,
  output,
  cachedInput,
});

/** Defaults (USD per million tokens): check them against the providers' pricing pages. */
export const DEFAULT_MODEL_PRICES: PriceTable = {
  'openai:gpt-4.1': price(2, 8, 0.5),
  'openai:gpt-4.1-mini': price(0.4, 1.6, 0.1),
  'openai:gpt-4.1-nano': price(0.1, 0.4, 0.025),
  'openai:gpt-4o': price(2.5, 10, 1.25),
  'openai:gpt-4o-mini': price(0.15, 0.6, 0.075),
  'openai:gpt-5': price(1.25, 10, 0.125),
  'openai:gpt-5-mini': price(0.25, 2, 0.025),
  'anthropic:claude-sonnet-4-5': price(3, 15, 0.3),
  'anthropic:claude-sonnet-4-0': price(3, 15, 0.3),
  'anthropic:claude-haiku-4-5': price(1, 5, 0.1),
  'anthropic:claude-opus-4-1': price(15, 75, 1.5),
  'anthropic:claude-3-5-haiku-latest': price(0.8, 4, 0.08),
};

// A dated snapshot (`claude-sonnet-4-5-20250929`, `gpt-4o-2024-08-06`) costs what its family does.
const DATE_SUFFIX = /-(\d{8}|\d{4}-\d{2}-\d{2})$/;

/** The price of a model (`provider:model`), trying its undated name second; null when unpriced. */
export function priceOf(table: PriceTable, modelId: string): ModelPrice | null {
  const exact = table[modelId];
  if (exact) return exact;
  const undated = modelId.replace(DATE_SUFFIX, '');
  return undated !== modelId ? (table[undated] ?? null) : null;
}

export type PriceTableParse = { ok: true; table: PriceTable } | { ok: false; message: string };

/**
 * KILN_MODEL_PRICES: a JSON object `{"provider:model": {"input": 2, "output": 8, "cachedInput": 0.5}}`
 * merged over the defaults (a key set to null removes a default). `cachedInput` defaults to
 * `input` (a provider without a cache discount).
 */
export function parsePriceTable(json: string | undefined, defaults = DEFAULT_MODEL_PRICES): PriceTableParse {
  if (json === undefined || json.trim() === '') return { ok: true, table: defaults };
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { ok: false, message: 'not valid JSON' };
  }
  if (!isObject(raw)) return { ok: false, message: 'a JSON object keyed by "provider:model"' };
  const table: Record<string, ModelPrice> = { ...defaults };
  for (const [key, value] of Object.entries(raw)) {
    if (!/^[a-z-]+:.+$/.test(key)) return { ok: false, message: `"${key}" is not "provider:model"` };
    if (value === null) {
      delete table[key];
      continue;
    }
    if (!isObject(value)) return { ok: false, message: `"${key}": an object with input and output` };
    const input = value.input;
    const output = value.output;
    const cachedInput = value.cachedInput ?? input;
    if (![input, output, cachedInput].every(isPrice)) {
      return {
        ok: false,
        message: `"${key}": input, output (and cachedInput) are dollars ≥ 0 per million tokens`,
      };
    }
    table[key] = price(input as number, output as number, cachedInput as number);
  }
  return { ok: true, table };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPrice(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}
