/**
 * Well-known CDN files, replayed on the tests' closed network from the npm package that publishes
 * the same file. A person's preview loads them from the CDN (the preview host sends no CSP that
 * would stop a script from another host); the test's browser reaches only Kiln, so without this a
 * page loading jQuery from code.jquery.com fails in the test and nowhere else. Only the exact
 * version Kiln's devDependencies hold is replayed: any other address stays blocked, as before.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

interface ReplayedPackage {
  name: string;
  /** The CDN addresses of one version's files: the version and the file's path in the package. */
  addresses: RegExp[];
  file: (minified: boolean) => string;
  type: string;
}

const PACKAGES: readonly ReplayedPackage[] = [
  {
    name: 'jquery',
    addresses: [
      /^https:\/\/code\.jquery\.com\/jquery-(?<version>\d+\.\d+\.\d+)(?<min>\.min)?\.js$/,
      /^https:\/\/cdn\.jsdelivr\.net\/npm\/jquery@(?<version>\d+\.\d+\.\d+)\/dist\/jquery(?<min>\.min)?\.js$/,
      /^https:\/\/unpkg\.com\/jquery@(?<version>\d+\.\d+\.\d+)\/dist\/jquery(?<min>\.min)?\.js$/,
      /^https:\/\/cdnjs\.cloudflare\.com\/ajax\/libs\/jquery\/(?<version>\d+\.\d+\.\d+)\/jquery(?<min>\.min)?\.js$/,
    ],
    file: (minified) => (minified ? 'dist/jquery.min.js' : 'dist/jquery.js'),
    type: 'text/javascript; charset=utf-8',
  },
];

/** The replayed response for a CDN address, or null when it is not one Kiln's packages hold. */
export function cdnReplay(address: string): { body: Buffer; contentType: string } | null {
  for (const pkg of PACKAGES) {
    for (const pattern of pkg.addresses) {
      const groups = pattern.exec(address)?.groups;
      if (!groups) continue;
      const root = path.dirname(require.resolve(`${pkg.name}/package.json`));
      const installed = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
        version: string;
      };
      if (installed.version !== groups.version) return null;
      return {
        body: fs.readFileSync(path.join(root, pkg.file(groups.min !== undefined))),
        contentType: pkg.type,
      };
    }
  }
  return null;
}
