/**
 * Spec §8 "Install errors (preview)" and "Build errors (preview)": titles and messages word for
 * word. The patterns that select a row are ours (docs/decisions/0017-build-log-classification.md);
 * rows are tried in this order and the last row of each table is the fallback.
 */
export interface LogErrorRow {
  code: string;
  title: string;
  message: string;
  patterns: readonly RegExp[];
}

export const INSTALL_ERRORS: readonly LogErrorRow[] = [
  {
    code: 'install-disk-space',
    title: 'Disk Space Error',
    message: 'Not enough disk space to install packages.',
    patterns: [/\bENOSPC\b/, /no space left on device/i, /\bEDQUOT\b/, /disk quota exceeded/i],
  },
  {
    code: 'install-permission',
    title: 'Permission Error',
    message: 'Unable to write files. This might be a permission issue.',
    patterns: [/\bEACCES\b/, /\bEPERM\b/, /permission denied/i, /operation not permitted/i, /\bEROFS\b/],
  },
  {
    code: 'install-package-not-found',
    title: 'Package Not Found',
    message: 'One or more packages could not be found. Please verify package names and versions.',
    patterns: [
      /\bE404\b/,
      /ERR_PNPM_FETCH_404/,
      /404 Not Found/i,
      /is not in (?:this|the npm) registry/i,
      /No matching version found/i,
      /\bETARGET\b/,
      /ERR_PNPM_NO_MATCHING_VERSION/,
      /ERR_PNPM_NO_VERSIONS/,
    ],
  },
  {
    code: 'install-dependency-conflict',
    title: 'Dependency Conflict',
    message: "There's a conflict between package versions. The AI can help resolve this.",
    patterns: [
      /\bERESOLVE\b/,
      /Could not resolve dependency/i,
      /conflicting peer dependency/i,
      /ERR_PNPM_PEER_DEP_ISSUES/,
      /unmet peer/i,
      /Conflicting peer dependency/i,
    ],
  },
  {
    code: 'install-network',
    title: 'Network Error',
    message: 'Unable to reach npm registry. Please check your internet connection.',
    patterns: [
      /\bENOTFOUND\b/,
      /\bETIMEDOUT\b/,
      /\bECONNREFUSED\b/,
      /\bECONNRESET\b/,
      /\bEAI_AGAIN\b/,
      /\bENETUNREACH\b/,
      /ERR_PNPM_META_FETCH_FAIL/,
      /ERR_SOCKET_TIMEOUT/,
      /socket hang up/i,
      /network (?:request|error|connectivity)/i,
      /request to https?:\/\/\S+ failed/i,
    ],
  },
  {
    code: 'install-error',
    title: 'Installation Error',
    message: 'An error occurred during package installation.',
    patterns: [/npm ERR!/, /npm error/, /\bERR_PNPM_\w+/, /\bERROR\b/, /\berror\b/i],
  },
];

export const BUILD_ERRORS: readonly LogErrorRow[] = [
  // Ours, not the spec's (issue 21): the sandbox's limits stopped the build (decision 0031).
  // First, since a stopped build's log also holds whatever it printed before.
  {
    code: 'build-too-many-processes',
    title: 'Too Many Processes',
    message: 'The build started more processes than allowed and was stopped.',
    patterns: [
      /started more than \d+ processes at once and was stopped/,
      /fork: (?:retry: )?Resource temporarily unavailable/i,
      /Cannot fork/i,
    ],
  },
  {
    code: 'build-disk-quota',
    title: 'Disk Quota Exceeded',
    message: 'The build wrote more data than its disk quota allows and was stopped.',
    patterns: [
      /\(disk quota\) and was stopped/,
      /File size limit exceeded/i,
      /\bEFBIG\b/,
      /File too large/i,
      /\bENOSPC\b/,
      /no space left on device/i,
      /\bEDQUOT\b/,
      /disk quota exceeded/i,
    ],
  },
  {
    code: 'build-out-of-memory',
    title: 'Out of Memory',
    message: 'The build used more memory than allowed and was stopped.',
    patterns: [/MB of memory and was stopped/, /JavaScript heap out of memory/i],
  },
  {
    code: 'build-timed-out',
    title: 'Build Timed Out',
    message: 'The build took longer than allowed and was stopped.',
    patterns: [/the step took longer than \d+ ms and was stopped/],
  },
  {
    code: 'build-script-missing',
    title: 'Script Missing',
    message: 'The "dev" script might be missing from package.json.',
    patterns: [
      /Missing script:?\s*"?dev"?/i,
      /ERR_PNPM_NO_SCRIPT/,
      /Command "dev" not found/i,
      /missing script/i,
    ],
  },
  {
    code: 'build-module-not-found',
    title: 'Module Not Found',
    message: 'A required module is missing. Make sure all imports are correct.',
    patterns: [
      /Cannot find module/i,
      /Module not found/i,
      /Failed to resolve import/i,
      /failed to resolve import/i,
      /Could not resolve ["'][^"']+["']/,
      /ERR_MODULE_NOT_FOUND/,
      /Cannot find package/i,
      /Rollup failed to resolve import/i,
    ],
  },
  {
    code: 'build-typescript',
    title: 'TypeScript Error',
    message: 'Type checking failed. Check your TypeScript types.',
    patterns: [/\berror TS\d+/, /\bTS\d{4,5}:/, /is not assignable to (?:type|parameter)/, /Type error:/],
  },
  {
    code: 'build-syntax',
    title: 'Syntax Error',
    message: "There's a syntax error in your code. The AI can help fix it.",
    patterns: [
      /SyntaxError/,
      /Syntax error/i,
      /Unexpected token/i,
      /Unexpected character/i,
      /Unterminated (?:string|regular expression|template|JSX)/i,
      /ERROR:? Expected /,
      /\[ERROR\] Expected /,
      /Expected "[^"]*" but found/,
      /ParseError/,
      /Parse error/i,
      /Unexpected end of (?:file|input)/i,
      /\[vue\/compiler-sfc\]/,
      /Element is missing end tag/i,
    ],
  },
  {
    code: 'build-file-not-found',
    title: 'File Not Found',
    message: 'A required file is missing. Check your file paths.',
    patterns: [
      /\bENOENT\b/,
      /no such file or directory/i,
      /Could not find (?:a required )?file/i,
      /File not found/i,
    ],
  },
  {
    code: 'build-compilation-failed',
    title: 'Compilation Failed',
    message: 'The code failed to compile. Review the error details below.',
    patterns: [
      /Failed to compile/i,
      /Compilation failed/i,
      /compilation error/i,
      /Application bundle generation failed/i,
    ],
  },
  {
    code: 'build-error',
    title: 'Build Error',
    message: 'An error occurred during the build process.',
    patterns: [/error during build/i, /Build failed/i, /\bERROR\b/, /\berror\b/i, /✘/],
  },
];

/**
 * Spec §8: 'Success phrases in the log (such as 'compiled successfully', 'ready in') suppress
 * error detection.' Matched case-insensitively.
 */
export const SUCCESS_PHRASES: readonly RegExp[] = [
  /compiled successfully/i,
  /successfully compiled/i,
  /\bready in\b/i,
  /\bbuilt in\b/i,
  /build complete/i,
  /Application bundle generation complete/i,
  /\badded \d+ packages?\b/i,
  /\bup to date\b/i,
  /\bDone in \d/i,
];
