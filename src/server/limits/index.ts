export { capReached, Limiter, type Requester } from './limiter.ts';
export { rateLimited } from './middleware.ts';
export { addressKey, CLIENT_ADDRESS_HEADER, type ClientAddressOf } from './client-address.ts';
export { createAuthAnswer } from './auth-answer.ts';
