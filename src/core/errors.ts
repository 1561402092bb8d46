/**
 * User-facing failures as values (docs conventions "Errors are values with a code"): a stable
 * code for programs and the spec's exact title and message for people (spec §5, §8).
 */
export interface UserError {
  code: string;
  title: string;
  message: string;
}

/** A validation outcome: the normalised value, or the error to show. */
export type Validation<T> = { ok: true; value: T } | { ok: false; error: UserError };

export function valid<T>(value: T): Validation<T> {
  return { ok: true, value };
}

export function invalid<T = never>(error: UserError): Validation<T> {
  return { ok: false, error };
}

const INVALID_SUBDOMAIN_RULE =
  'Subdomain must be 3-63 characters, contain only lowercase letters, numbers, and hyphens, and start/end with a letter or number.';

/** Spec §5 (and the §8 rows that validation raises), word for word. */
export const ERRORS = {
  emptyPrompt: {
    code: 'empty-prompt',
    title: 'Empty input',
    message: 'Please enter a prompt before submitting',
  },
  promptTooLong: {
    code: 'prompt-too-long',
    title: 'Prompt is too long',
    message: 'Your prompt exceeds the character limit. Please shorten it to continue.',
  },
  emptyImprovePrompt: {
    code: 'empty-improve-prompt',
    title: 'Prompt is empty',
    message: 'Please enter a prompt before improving it.',
  },
  unsupportedFileType: {
    code: 'unsupported-file-type',
    title: 'Invalid file',
    message: 'File type not supported. Please upload images (PNG, JPEG, GIF, WebP) or PDF documents.',
  },
  fileTooLarge: (filename: string, kind: 'PDF' | 'image', size: string): UserError => ({
    code: 'file-too-large',
    title: 'Invalid file',
    message: `${filename} is too large. Maximum size for ${kind} is ${size}.`,
  }),
  tooManyFiles: (maximum: number): UserError => ({
    code: 'too-many-files',
    title: 'Too many files',
    message: `Maximum ${maximum} files allowed`,
  }),
  paymentRequiredForImage: {
    code: 'payment-required-for-image',
    title: "You can't upload images with a free plan",
    message: 'Please upgrade to continue.',
  },
  moreThanXVersions: (maximum: number): UserError => ({
    code: 'more-than-x-versions',
    title: `You can't have more than ${maximum} versions`,
    message: 'Please remix your component instead.',
  }),
  invalidSubdomain: {
    code: 'invalid-subdomain',
    title: 'Invalid subdomain',
    message: INVALID_SUBDOMAIN_RULE,
  },
  invalidSubdomainBeforeDeploy: {
    code: 'invalid-subdomain',
    title: 'Invalid subdomain',
    message: 'Please enter a valid subdomain before deploying.',
  },
  invalidSubdomainOnUpdate: {
    code: 'invalid-subdomain',
    title: 'Invalid subdomain',
    message: 'Please enter a valid subdomain.',
  },
  noVersionSelected: {
    code: 'no-version-selected',
    title: 'No version selected',
    message: 'Please select a version to deploy.',
  },
  noChanges: { code: 'no-changes', title: 'No changes', message: 'No changes detected.' },
  domainRequired: {
    code: 'domain-required',
    title: 'Domain required',
    message: 'Please enter a domain name',
  },
  /** Spec §5: 'Domain unavailable' with the server's reason, else 'This domain cannot be used'. */
  domainUnavailable: (reason?: string | null): UserError => ({
    code: 'domain-unavailable',
    title: 'Domain unavailable',
    message: reason != null && reason.trim() !== '' ? reason : 'This domain cannot be used',
  }),
  repositoryNameRequired: {
    code: 'repository-name-required',
    title: 'Repository name required',
    message: 'Please enter a repository name.',
  },
  migrationChatIdMissing: {
    code: 'migration-chat-id-missing',
    title: 'Migration Failed',
    message: 'Chat ID is missing. Please refresh the page and try again.',
  },
  migrationContentEmpty: {
    code: 'migration-content-empty',
    title: 'Migration Failed',
    message: 'Migration content is empty.',
  },
} as const satisfies Record<string, UserError | ((...args: never[]) => UserError)>;
