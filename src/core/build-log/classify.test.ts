import { describe, expect, it } from 'vitest';
import { classifyBuildLog, classifyInstallLog } from './classify.ts';

const install = (title: string, message: string) => ({ title, message });

describe('Spec §8 install errors (preview): each row, from a real-looking npm/pnpm log', () => {
  it.each([
    [
      'npm ENOTFOUND',
      `npm error code ENOTFOUND
npm error syscall getaddrinfo
npm error errno ENOTFOUND
npm error network request to https://registry.npmjs.org/react failed, reason: getaddrinfo ENOTFOUND registry.npmjs.org`,
      install('Network Error', 'Unable to reach npm registry. Please check your internet connection.'),
    ],
    [
      'pnpm meta fetch',
      ' ERR_PNPM_META_FETCH_FAIL  GET https://registry.npmjs.org/vite: request to https://registry.npmjs.org/vite failed, reason: connect ETIMEDOUT 104.16.1.35:443',
      install('Network Error', 'Unable to reach npm registry. Please check your internet connection.'),
    ],
    [
      'npm E404',
      `npm error code E404
npm error 404 Not Found - GET https://registry.npmjs.org/react-super-charts - Not found
npm error 404  'react-super-charts@^2.0.0' is not in this registry.`,
      install(
        'Package Not Found',
        'One or more packages could not be found. Please verify package names and versions.',
      ),
    ],
    [
      'pnpm no matching version',
      ' ERR_PNPM_NO_MATCHING_VERSION  No matching version found for react@99.0.0',
      install(
        'Package Not Found',
        'One or more packages could not be found. Please verify package names and versions.',
      ),
    ],
    [
      'npm ERESOLVE',
      `npm error code ERESOLVE
npm error ERESOLVE unable to resolve dependency tree
npm error Found: react@19.0.0
npm error Could not resolve dependency:
npm error peer react@"^16.8.0 || ^17.0.0" from react-beautiful-dnd@13.1.1`,
      install(
        'Dependency Conflict',
        "There's a conflict between package versions. The AI can help resolve this.",
      ),
    ],
    [
      'npm EACCES',
      `npm error code EACCES
npm error syscall mkdir
npm error path /usr/lib/node_modules/vite
npm error Error: EACCES: permission denied, mkdir '/usr/lib/node_modules/vite'`,
      install('Permission Error', 'Unable to write files. This might be a permission issue.'),
    ],
    [
      'pnpm ENOSPC',
      ' ERR_PNPM_ENOSPC  ENOSPC: no space left on device, write',
      install('Disk Space Error', 'Not enough disk space to install packages.'),
    ],
    [
      'other npm failure',
      `npm error code 1
npm error path /app/node_modules/esbuild
npm error command failed`,
      install('Installation Error', 'An error occurred during package installation.'),
    ],
  ])('%s', (_name, log, expected) => {
    expect(classifyInstallLog(log)).toMatchObject(expected);
  });

  it('finds nothing in a clean install', () => {
    expect(
      classifyInstallLog('Packages: +142\nProgress: resolved 142, reused 142, downloaded 0, added 142, done'),
    ).toBeNull();
  });
});

const build = (title: string, message: string) => ({ title, message });

describe('Spec §8 build errors (preview): each row, from a real-looking Vite/tsc/Angular/Svelte/Vue log', () => {
  it.each([
    [
      'Vite import analysis',
      `[vite]: Rollup failed to resolve import "framer-motion" from "/app/src/App.tsx".
This is most likely unintended because it can break your application at runtime.`,
      build('Module Not Found', 'A required module is missing. Make sure all imports are correct.'),
    ],
    [
      'Vite dev overlay',
      '[plugin:vite:import-analysis] Failed to resolve import "./components/Header" from "src/App.tsx". Does the file exist?',
      build('Module Not Found', 'A required module is missing. Make sure all imports are correct.'),
    ],
    [
      'Babel syntax (React)',
      `[plugin:vite:react-babel] /app/src/App.tsx: Unexpected token, expected "," (12:6)
  10 |       <h1>Hello</h1>
> 12 |       <p>World</p>`,
      build('Syntax Error', "There's a syntax error in your code. The AI can help fix it."),
    ],
    [
      'esbuild syntax',
      `✘ [ERROR] Expected ";" but found "count"

    src/main.ts:3:6:
      3 │ let x count = 1;`,
      build('Syntax Error', "There's a syntax error in your code. The AI can help fix it."),
    ],
    [
      'Svelte parse error',
      `[plugin:vite-plugin-svelte] src/App.svelte:4:2 Expected token }
https://svelte.dev/e/expected_token
ParseError: Expected token }`,
      build('Syntax Error', "There's a syntax error in your code. The AI can help fix it."),
    ],
    [
      'Vue SFC',
      `[plugin:vite:vue] [vue/compiler-sfc] Element is missing end tag.
/app/src/App.vue:3:5`,
      build('Syntax Error', "There's a syntax error in your code. The AI can help fix it."),
    ],
    [
      'tsc',
      `src/App.tsx(7,9): error TS2322: Type 'string' is not assignable to type 'number'.

Found 1 error in src/App.tsx:7`,
      build('TypeScript Error', 'Type checking failed. Check your TypeScript types.'),
    ],
    [
      'Angular',
      `✘ [ERROR] TS2339: Property 'titel' does not exist on type 'AppComponent'. [plugin angular-compiler]

    src/app/app.component.html:1:7:`,
      build('TypeScript Error', 'Type checking failed. Check your TypeScript types.'),
    ],
    [
      'missing file',
      "Error: ENOENT: no such file or directory, open '/app/index.html'",
      build('File Not Found', 'A required file is missing. Check your file paths.'),
    ],
    [
      'webpack-style',
      'Failed to compile.\n\n./src/index.css\nError: PostCSS plugin tailwindcss requires PostCSS 8.',
      build('Compilation Failed', 'The code failed to compile. Review the error details below.'),
    ],
    [
      'npm missing dev script',
      'npm error Missing script: "dev"\nnpm error\nnpm error To see a list of scripts, run:\nnpm error   npm run',
      build('Script Missing', 'The "dev" script might be missing from package.json.'),
    ],
    [
      'pnpm missing script',
      ' ERR_PNPM_NO_SCRIPT  Missing script: dev',
      build('Script Missing', 'The "dev" script might be missing from package.json.'),
    ],
    [
      'other',
      'error during build:\n[vite:css] [postcss] Cannot apply unknown utility class: bg-brand',
      build('Build Error', 'An error occurred during the build process.'),
    ],
  ])('%s', (_name, log, expected) => {
    expect(classifyBuildLog(log)).toMatchObject(expected);
  });
});

describe("Spec §8: 'Success phrases in the log (such as 'compiled successfully', 'ready in') suppress error detection'", () => {
  it.each([
    'webpack compiled successfully with 1 warning (error boundary missing)',
    '  VITE v8.0.0  ready in 312 ms\n  ➜  Local:   http://localhost:5173/\n  error overlay enabled',
    'vite v8.0.0 building for production...\n✓ 31 modules transformed.\n✓ built in 1.21s',
  ])('%j is not an error', (log) => {
    expect(classifyBuildLog(log)).toBeNull();
  });

  it('a failed step is still classified (success phrases do not hide a non-zero exit)', () => {
    expect(classifyBuildLog('ready in 300 ms\nCannot find module "x"', { hasFailed: true })).toMatchObject({
      title: 'Module Not Found',
    });
    expect(classifyBuildLog('killed', { hasFailed: true })).toMatchObject({ title: 'Build Error' });
  });
});

describe("The sandbox's limits (issue 21, decision 0031): a stopped build says which limit stopped it", () => {
  const processes = build(
    'Too Many Processes',
    'The build started more processes than allowed and was stopped.',
  );
  const disk = build(
    'Disk Quota Exceeded',
    'The build wrote more data than its disk quota allows and was stopped.',
  );
  it.each([
    [
      'the process limit stopped it (after the Module Not Found its children printed)',
      "Error: Cannot find module 'x'\n\nError: the step started more than 128 processes at once and was stopped.\n",
      processes,
    ],
    ['a shell refused a fork', 'sh: 1: Cannot fork\nsh: 1: Cannot fork', processes],
    ['bash refused a fork', 'bash: fork: retry: Resource temporarily unavailable', processes],
    [
      'the disk quota stopped it',
      'vite v8.0.0 building for production...\n\nError: the step wrote more than 64 MB to its workspace (disk quota) and was stopped.\n',
      disk,
    ],
    ['a single file hit the file size limit', 'sh: 1: File size limit exceeded', disk],
    ["dd's write was refused", "dd: error writing 'big.bin': File too large", disk],
    ['the disk is full', 'Error: ENOSPC: no space left on device, write', disk],
    [
      'the memory limit stopped it',
      'rendering chunks...\n\nError: the step used more than 256 MB of memory and was stopped.\n',
      build('Out of Memory', 'The build used more memory than allowed and was stopped.'),
    ],
    [
      "Node's heap ran out",
      'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory',
      build('Out of Memory', 'The build used more memory than allowed and was stopped.'),
    ],
    [
      'the time limit stopped it',
      'vite v8.0.0 building for production...\n\nError: the step took longer than 20000 ms and was stopped.\n',
      build('Build Timed Out', 'The build took longer than allowed and was stopped.'),
    ],
  ])('%s', (_name, log, expected) => {
    expect(classifyBuildLog(log, { hasFailed: true })).toMatchObject(expected);
  });
});
