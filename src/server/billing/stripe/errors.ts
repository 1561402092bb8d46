/**
 * The SDK's errors (`StripeError` and its kinds, whose `type` names them), recognised without
 * importing the SDK: it loads only where Stripe is configured (main.ts).
 */
export function isStripeError(error: unknown): error is Error & { type: string } {
  const type = (error as { type?: unknown } | null)?.type;
  return error instanceof Error && typeof type === 'string' && /^Stripe[A-Za-z]*Error$/.test(type);
}
