/**
 * The packages a failed install or build could not find (issue 13): 'Package Not Found' names
 * them, so the person (or the AI fixing it) knows which one. Registry 404s and versions that do
 * not exist come from the install; an import of a package the project never declared comes
 * from the bundler (Vite/Rollup, esbuild, webpack, Node).
 */

import type { LogError } from './classify.ts';
import { INSTALL_ERRORS } from './tables.ts';

const INSTALL_PATTERNS = [
  // pnpm 10+: `Failed to resolve left-pad@^9` and `help: left-pad is not in the npm registry`.
  /Failed to resolve ((?:@[\w.-]+\/)?[\w.-]+)@/g,
  /help: ((?:@[\w.-]+\/)?[\w.-]+) is not in the npm registry/g,
  /ERR_PNPM_FETCH_404\s+GET\s+\S*?\/((?:@[^/\s]+(?:\/|%2f))?[^/\s:]+)(?::|\s|$)/gi,
  /ERR_PNPM_FETCH_404\s+((?:@[\w.-]+\/)?[\w.-]+)@\S+ is not in the npm registry/g,
  /No matching version found for ((?:@[\w.-]+\/)?[\w.-]+)@/g,
  /ERR_PNPM_NO_VERSIONS\s+No versions available for ((?:@[\w.-]+\/)?[\w.-]+)/g,
  /\b404\b[^\n]*'((?:@[\w.-]+\/)?[\w.-]+)@[^']*' is not in this registry/g,
];

const IMPORT_PATTERNS = [
  /failed to resolve import ["']([^"']+)["']/gi,
  /Could not resolve ["']([^"']+)["']/g,
  /Can't resolve ['"]([^'"]+)['"]/g,
  /Cannot find (?:module|package) ['"]([^'"]+)['"]/g,
];

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`; null for a relative or absolute path. */
export function packageNameOf(specifier: string): string | null {
  const decoded = specifier.replace(/%2f/gi, '/');
  if (/^[./]|^[a-z]+:/i.test(decoded)) return null;
  const parts = decoded.split('/');
  const name = decoded.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  return /^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i.test(name) ? name : null;
}

function collect(log: string, patterns: readonly RegExp[]): string[] {
  const names = new Set<string>();
  for (const pattern of patterns) {
    for (const match of log.matchAll(pattern)) {
      const name = packageNameOf(match[1]!);
      if (name) names.add(name);
    }
  }
  return [...names];
}

/** Packages the install could not fetch (not in the registry, no such version). */
export function packagesNotFoundInInstall(log: string): string[] {
  return collect(log, INSTALL_PATTERNS);
}

/**
 * Packages the build imported but could not resolve, and that the project does not declare:
 * declared ones that fail to resolve are a different problem (a wrong sub-path, a broken package).
 */
export function undeclaredImports(log: string, declared: ReadonlySet<string>): string[] {
  return collect(log, IMPORT_PATTERNS).filter((name) => !declared.has(name) && !name.startsWith('node:'));
}

const PACKAGE_NOT_FOUND = INSTALL_ERRORS.find((row) => row.code === 'install-package-not-found')!;

/** 'Package Not Found', its message naming the packages. */
export function packageNotFound(names: readonly string[]): LogError {
  const { code, title, message } = PACKAGE_NOT_FOUND;
  return withPackageNames({ code, title, message }, names);
}

/** A 'Package Not Found' error with the packages named; any other error as it is. */
export function withPackageNames(error: LogError, names: readonly string[]): LogError {
  if (error.code !== PACKAGE_NOT_FOUND.code || names.length === 0) return error;
  return { ...error, message: `${error.message} Not found: ${names.join(', ')}.` };
}
