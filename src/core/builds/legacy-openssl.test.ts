import { describe, expect, it } from 'vitest';
import { needsLegacyOpenSsl } from './legacy-openssl.ts';

const manifest = (dependencies: Record<string, string>, devDependencies: Record<string, string> = {}) =>
  JSON.stringify({ scripts: { build: 'react-scripts build' }, dependencies, devDependencies });

describe("webpack 4 builds run with Node's legacy OpenSSL provider", () => {
  it.each([
    // The recorded Create React App answer (react-scripts 4.0.3, weaigc/gpt-code-generator).
    [
      'react-scripts 4.0.3',
      manifest({ react: '^17.0.2', 'react-dom': '^17.0.2', 'react-scripts': '4.0.3' }),
      true,
    ],
    ['react-scripts ^3.4.1', manifest({ 'react-scripts': '^3.4.1' }), true],
    ['Vue CLI 4', manifest({}, { '@vue/cli-service': '~4.5.0' }), true],
    ['webpack 4', manifest({}, { webpack: '^4.46.0' }), true],
    ['react-scripts 5', manifest({ 'react-scripts': '5.0.1' }), false],
    ['webpack 5', manifest({}, { webpack: '^5.90.0' }), false],
    ['Vite', manifest({ react: '^19.2.0' }, { vite: '^8.0.0' }), false],
    ['a tag says nothing', manifest({ 'react-scripts': 'latest' }), false],
    ['package.json that does not parse', '{ "dependencies": ', false],
  ])('%s', (_name, packageJson, expected) => {
    expect(needsLegacyOpenSsl(packageJson)).toBe(expected);
  });
});
