import { describe, expect, it } from 'vitest';
import { checkBodyType } from './body-type.ts';

describe('issue 12 item 2: JSON routes refuse non-JSON bodies, uploads need multipart', () => {
  it.each([
    ['application/json', true],
    ['application/json; charset=utf-8', true],
    ['Application/JSON', true],
    ['application/merge-patch+json', true],
    ['text/plain', false],
    ['text/plain;charset=UTF-8', false],
    ['application/x-www-form-urlencoded', false],
    ['multipart/form-data; boundary=x', false],
    ['application/jsonp', false],
  ])('a JSON route with a body of type %s → allowed %s', (contentType, allowed) => {
    const verdict = checkBodyType('json', { contentType, hasBody: true });
    expect(verdict.allowed).toBe(allowed);
    if (!verdict.allowed) expect(verdict.code).toBe('unsupported-media-type');
  });

  it('a JSON route without any body (like, stop, delete) needs no type; a body without a type is refused', () => {
    expect(checkBodyType('json', { contentType: null, hasBody: false }).allowed).toBe(true);
    expect(checkBodyType('json', { contentType: undefined, hasBody: true }).allowed).toBe(false);
    expect(checkBodyType('json', { contentType: 'text/plain', hasBody: false }).allowed).toBe(false);
  });

  it('the upload route takes multipart/form-data only', () => {
    expect(
      checkBodyType('multipart', { contentType: 'multipart/form-data; boundary=a', hasBody: true }).allowed,
    ).toBe(true);
    expect(checkBodyType('multipart', { contentType: 'application/json', hasBody: true }).allowed).toBe(
      false,
    );
    expect(checkBodyType('multipart', { contentType: 'text/plain', hasBody: true }).allowed).toBe(false);
    expect(checkBodyType('multipart', { contentType: null, hasBody: false }).allowed).toBe(false);
  });
});
