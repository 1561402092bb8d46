import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../../paths.ts';

/** A blank template's package.json plus the Supabase client, so the preview installs it. */
export function packageJsonWithSupabase(framework: 'react' | 'vue' | 'svelte'): string {
  const template = JSON.parse(
    fs.readFileSync(path.join(REPO_ROOT, 'templates', framework, 'package.json'), 'utf8'),
  ) as { dependencies?: Record<string, string> };
  template.dependencies = { ...template.dependencies, '@supabase/supabase-js': '^2.49.0' };
  return `${JSON.stringify(template, null, 2)}\n`;
}
