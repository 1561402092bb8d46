import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzRuns } from '../../../../tests/support/fuzz.ts';
import { MAX_VERSION_NUMBER } from '../../../core/chats/index.ts';
import { previewHostsFor } from '../../../core/preview/hosts.ts';
import { parsePreviewHost } from './preview-host.ts';

/**
 * Issue 21 item 5: the preview host parser (`{chatId}-{version}.preview.{host}`, decision
 * 0034). Every request's Host header goes through it first, so no text may make it throw; it
 * reads back every host Kiln formats, and whatever it accepts is exactly that shape.
 */

const appHost = fc.constantFrom('localhost', 'kiln.dev', 'apps.example.co.uk');
const suffixesOf = (host: string, previewHost?: string) => {
  const hosts = previewHostsFor(host, previewHost);
  return { preview: `.${hosts.preview}`, webcontainer: `.${hosts.webcontainer}` };
};
const settings = fc
  .tuple(appHost, fc.option(fc.constantFrom('kiln-previews.net', 'Previews.Example'), { nil: undefined }))
  .map(([host, previewHost]) => suffixesOf(host, previewHost));

const chatId = fc.oneof(fc.uuid(), fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,40}$/));
const version = fc.integer({ min: 1, max: MAX_VERSION_NUMBER });

/** Host headers: arbitrary text, and near misses of the real shape. */
const hostHeader = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc
    .tuple(
      fc.oneof(chatId, fc.string({ maxLength: 10 })),
      fc.oneof(fc.constantFrom('-', '--', '', '-0', '-01', '-+1', '- 1'), fc.constant('-')),
      fc.oneof(
        fc.bigInt({ min: 0n, max: 10n ** 30n }).map(String),
        fc.constantFrom('', '1e3', '2147483648', '0x1'),
      ),
      fc.constantFrom(
        '.preview.localhost',
        '.PREVIEW.localhost',
        'preview.localhost',
        '.webcontainer.kiln.dev',
        '.preview.localhost.',
        '.preview.localhost.evil.com',
        '.kiln-previews.net',
        '.previews.example',
      ),
      fc.constantFrom('', ':3000', ':', ':x', ':3000:3000'),
    )
    .map((parts) => parts.join('')),
);

describe('preview host names: {chatId}-{version}.preview.{host}', () => {
  it('reads back every preview and frame address, in any case and with any port', () => {
    fc.assert(
      fc.property(
        settings,
        chatId,
        version,
        fc.boolean(),
        fc.option(fc.integer({ min: 1, max: 65535 }), { nil: null }),
        (suffixes, id, v, isFrame, port) => {
          const host = `${id}-${v}${isFrame ? suffixes.webcontainer : suffixes.preview}`;
          const header = `${host.toUpperCase()}${port === null ? '' : `:${port}`}`;
          expect(parsePreviewHost(header, suffixes)).toEqual({ chatId: id, version: v });
        },
      ),
      { numRuns: fuzzRuns(300) },
    );
  });

  it('never throws, and accepts only a host that is {chatId}-{version} under a preview suffix', () => {
    fc.assert(
      fc.property(settings, hostHeader, (suffixes, header) => {
        const target = parsePreviewHost(header, suffixes);
        if (target === null) return;
        const host = header.toLowerCase().replace(/:\d+$/, '');
        // The only hosts a preview answers are the two suffixes' (never the app's, a site's or another domain).
        const suffix = [suffixes.preview, suffixes.webcontainer].find((s) => host.endsWith(s));
        expect(suffix).toBeDefined();
        expect(target.chatId).not.toBe('');
        if (target.version === null) return;
        expect(Number.isInteger(target.version) && target.version >= 1).toBe(true);
        expect(target.version).toBeLessThanOrEqual(MAX_VERSION_NUMBER);
        expect(`${target.chatId}-${target.version}${suffix}`).toBe(host);
      }),
      { numRuns: fuzzRuns(1000) },
    );
  });
});
