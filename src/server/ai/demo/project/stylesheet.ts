import fs from 'node:fs';
import path from 'node:path';
import type { Framework } from '../../../../core/frameworks/index.ts';
import { REPO_ROOT } from '../../../paths.ts';

export type BuiltFramework = Exclude<Framework, 'html'>;

/**
 * The global stylesheet each blank template's entry loads (templates/{framework}: main.ts's
 * import, angular.json's `styles`): page-level styles go here. HTML styles its <body> instead.
 */
export const STYLESHEET_FILE: Readonly<Record<BuiltFramework, string>> = {
  react: 'src/index.css',
  vue: 'src/style.css',
  svelte: 'src/app.css',
  angular: 'src/styles.css',
};

/** That stylesheet as the blank template has it: what a version that never wrote its own uses. */
export function templateStylesheet(framework: BuiltFramework): string {
  return fs.readFileSync(path.join(REPO_ROOT, 'templates', framework, STYLESHEET_FILE[framework]), 'utf8');
}
