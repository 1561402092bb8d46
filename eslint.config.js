import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.kiln/**',
      'templates/**',
      'drizzle/**',
      'test-results/**',
      'playwright-report/**',
      // The demo catalogue's component text: data read at run time, not modules of Kiln.
      'src/server/ai/demo/catalogue/data/**',
      // Real projects copied as they are (the preview-fidelity corpus): not Kiln's code.
      'tests/fixtures/real-projects/**',
      // The hostile corpus: projects Kiln builds and runs in its sandbox, not modules of Kiln.
      'tests/fixtures/hostile/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // core is pure: it must not reach into Node, the DOM, the server or the web app.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'crypto'], message: 'src/core does no I/O.' },
            { group: ['**/server/**', '**/web/**'], message: 'src/core imports nothing above it.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/web/**'], message: 'server never imports web.' }] },
      ],
    },
  },
  {
    // Spreading an array into a call passes each element as an argument: a long one (150,000
    // parsed files, issue 12) overflows the call stack. Loop, or reduce.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(push|unshift|max|min|fromCharCode|fromCodePoint)$/] > SpreadElement',
          message: 'Do not spread an array into push/unshift/Math.max/min/fromCharCode: loop or reduce.',
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
