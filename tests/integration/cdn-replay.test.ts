import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { cdnReplay } from './cdn-replay.ts';

const require = createRequire(import.meta.url);
const jquery = JSON.parse(fs.readFileSync(require.resolve('jquery/package.json'), 'utf8')) as {
  version: string;
};

describe('CDN files replayed on the closed network from their npm package', () => {
  it.each([
    // The address screenshot-to-code's recorded answers load (tests/fixtures/real-answers/html-s2c-*).
    `https://code.jquery.com/jquery-${jquery.version}.min.js`,
    `https://cdn.jsdelivr.net/npm/jquery@${jquery.version}/dist/jquery.min.js`,
    `https://unpkg.com/jquery@${jquery.version}/dist/jquery.js`,
    `https://cdnjs.cloudflare.com/ajax/libs/jquery/${jquery.version}/jquery.min.js`,
  ])('%s is the package’s own file', (address) => {
    const replayed = cdnReplay(address);
    expect(replayed?.contentType).toMatch(/^text\/javascript/);
    expect(replayed?.body.toString('utf8')).toMatch(
      new RegExp(`jQuery (?:JavaScript Library )?v${jquery.version.replaceAll('.', '\\.')}`),
    );
  });

  it('replays only the version the package holds, and nothing else', () => {
    expect(cdnReplay('https://code.jquery.com/jquery-1.12.4.min.js')).toBeNull();
    expect(cdnReplay('https://code.jquery.com/ui/1.13.2/jquery-ui.min.js')).toBeNull();
    expect(cdnReplay('https://cdn.example.com/jquery.min.js')).toBeNull();
  });
});
