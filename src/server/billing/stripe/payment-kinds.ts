/**
 * The kinds of one-time payments (Checkout metadata `kind`), apart from the billing service so
 * the routes know them without loading Stripe's SDK (~20 MB) on a server that has no keys.
 */
export const EXTRA_VERSIONS_KIND = 'extra_versions';
