import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../../paths.ts';

type Packages = Record<string, string>;

/** A blank template's package.json plus the packages the example imports, so the build installs them. */
export function templatePackageJson(
  framework: 'react' | 'vue' | 'svelte' | 'angular',
  dependencies: Packages,
  devDependencies: Packages = {},
): string {
  const template = JSON.parse(
    fs.readFileSync(path.join(REPO_ROOT, 'templates', framework, 'package.json'), 'utf8'),
  ) as { dependencies?: Packages; devDependencies?: Packages };
  template.dependencies = { ...template.dependencies, ...dependencies };
  if (Object.keys(devDependencies).length > 0)
    template.devDependencies = { ...template.devDependencies, ...devDependencies };
  return `${JSON.stringify(template, null, 2)}\n`;
}

/** A blank template's package.json plus the Supabase client, so the preview installs it. */
export function packageJsonWithSupabase(framework: 'react' | 'vue' | 'svelte'): string {
  return templatePackageJson(framework, { '@supabase/supabase-js': '^2.49.0' });
}
