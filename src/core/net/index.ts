export * from './address-rule.ts';
export * from './egress-policy.ts';
