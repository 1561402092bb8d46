export * from './address-rule.ts';
export * from './egress-policy.ts';
export * from './response-cache-rules.ts';
