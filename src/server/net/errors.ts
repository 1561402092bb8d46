import type { RefusedAddressKind } from '../../core/net/index.ts';

/** A URL, a redirect or a resolved address the SSRF guard refuses (issue 19 item 5). */
export class UnsafeAddressError extends Error {
  readonly code = 'unsafe-address';
  constructor(
    message: string,
    /** What was refused: the scheme, the port, or the address (with its kind). */
    readonly reason: 'scheme' | 'port' | 'address',
    readonly kind?: RefusedAddressKind,
  ) {
    super(message);
    this.name = 'UnsafeAddressError';
  }
}

/** A fetch that went past its byte, time or redirect budget. */
export class FetchLimitError extends Error {
  readonly code = 'fetch-limit';
  constructor(
    message: string,
    readonly limit: 'bytes' | 'time' | 'redirects',
  ) {
    super(message);
    this.name = 'FetchLimitError';
  }
}
