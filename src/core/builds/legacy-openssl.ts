/**
 * webpack 4 hashes with MD4, which OpenSSL 3 (Node 17 and later) no longer offers: Create React App
 * 4 (react-scripts below 5), Vue CLI 4 and webpack 4 itself stop at 'error:0308010C:digital
 * envelope routines::unsupported' on the Node Kiln builds with. Their build runs with Node's
 * `--openssl-legacy-provider`, the option their own users set; a project on newer tools gets
 * nothing added.
 */

export const LEGACY_OPENSSL_OPTION = '--openssl-legacy-provider';

/** Packages whose majors below the given one bundle with webpack 4. */
const WEBPACK4_TOOLS: Readonly<Record<string, number>> = {
  'react-scripts': 5,
  '@vue/cli-service': 5,
  webpack: 5,
};

const SECTIONS = ['dependencies', 'devDependencies'] as const;

/** Whether a project's package.json declares a webpack 4 toolchain. */
export function needsLegacyOpenSsl(packageJson: string): boolean {
  let manifest: unknown;
  try {
    manifest = JSON.parse(packageJson);
  } catch {
    return false;
  }
  if (manifest === null || typeof manifest !== 'object') return false;
  for (const section of SECTIONS) {
    const entries = (manifest as Record<string, unknown>)[section];
    if (entries === null || typeof entries !== 'object') continue;
    for (const [name, below] of Object.entries(WEBPACK4_TOOLS)) {
      const range = (entries as Record<string, unknown>)[name];
      // The range's first major: '4.0.3', '^4.0.0', '~4.0', '>=4 <5'; tags and URLs say nothing.
      const major =
        typeof range === 'string' ? /^[\^~>=v\s]*(\d+)(?:[.\s]|$)/.exec(range.trim())?.[1] : undefined;
      if (major !== undefined && Number(major) < below) return true;
    }
  }
  return false;
}
