import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../../../core/artifact/index.ts';
import type { Framework } from '../../../core/frameworks/index.ts';
import { buildModelGuidance, type GuidanceIntegration } from '../../../core/integrations/model-guidance.ts';
import { inspectMigrationSql } from '../../../core/sql/migration.ts';
import { CONTACT_ROUTE } from './backend/contact-form-api.ts';
import { fileContent, nextSnapshot, runDemo } from './testing.ts';

const guidance = (framework: Framework, integration: GuidanceIntegration) =>
  buildModelGuidance({ framework, integrations: [integration], publicEnvNames: [], existingTables: [] });
const POSTGRES: GuidanceIntegration = { type: 'database', provider: 'postgres' };
const SMTP: GuidanceIntegration = { type: 'email', provider: 'smtp' };

const COMPONENTS: Record<'react' | 'vue' | 'svelte' | 'angular', string> = {
  react: 'src/components/GuestBook.tsx',
  vue: 'src/components/GuestBook.vue',
  svelte: 'src/lib/GuestBook.svelte',
  angular: 'src/app/guest-book/guest-book.ts',
};

function packageJson(snapshot: Snapshot) {
  return JSON.parse(fileContent(snapshot, 'package.json')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
}

describe('the demo guest book on a plain PostgreSQL: the api/ style (issue 22 item 2)', () => {
  for (const [framework, component] of Object.entries(COMPONENTS) as [keyof typeof COMPONENTS, string][]) {
    it(`${framework}: the UI fetches /api/entries; api/index.ts validates and writes through pg`, async () => {
      const { text } = await runDemo({
        framework,
        prompt: 'A guest book',
        system: guidance(framework, POSTGRES),
      });
      const snapshot = nextSnapshot(null, text);
      const names = snapshot.files.map((file) => file.name);
      const ui = fileContent(snapshot, component);
      expect(ui).toContain("fetch('/api/entries')");
      expect(ui).toContain("fetch('/api/entries', {");
      expect(ui).toContain("method: 'POST'");
      // No browser database client: the database is reachable from the server only.
      expect(ui).not.toContain('supabase');
      expect(names.some((name) => /supabase\.ts$/.test(name))).toBe(false);
      expect(text).not.toContain('@supabase/supabase-js');

      const api = fileContent(snapshot, 'api/index.ts');
      expect(api).toContain("import { Hono } from 'hono'");
      expect(api).toContain('process.env.DATABASE_URL');
      expect(api).toContain("app.get('/api/entries'");
      expect(api).toContain("app.post('/api/entries'");
      expect(api).toContain('export default app;');
      expect(api).toMatch(/values \(\$1, \$2\)/);

      const pkg = packageJson(snapshot);
      expect(pkg.dependencies.hono).toBeDefined();
      expect(pkg.dependencies.pg).toBeDefined();
      expect(pkg.devDependencies['@types/pg']).toBeDefined();
      expect(pkg.dependencies['@supabase/supabase-js']).toBeUndefined();

      const migration = snapshot.files.find((file) =>
        /^supabase\/migrations\/\d{14}_guest_book\.sql$/.test(file.name),
      );
      const inspection = await inspectMigrationSql(migration!.content);
      expect(inspection.ok && inspection.tables).toEqual(['guest_book']);
    });
  }

  it('Angular keeps its own builder (no public variable to inline) and the whole template', async () => {
    const { text } = await runDemo({
      framework: 'angular',
      prompt: 'A guest book',
      system: guidance('angular', POSTGRES),
    });
    const snapshot = nextSnapshot(null, text);
    expect(fileContent(snapshot, 'angular.json')).toContain('@angular/build:application');
    expect(packageJson(snapshot).devDependencies['@ngx-env/builder']).toBeUndefined();
  });
});

describe('the demo contact form with SMTP enabled (issue 22 item 2)', () => {
  const UI = {
    react: 'src/components/ContactForm.tsx',
    vue: 'src/components/ContactForm.vue',
    svelte: 'src/lib/ContactForm.svelte',
  };
  for (const [framework, component] of Object.entries(UI) as ['react' | 'vue' | 'svelte', string][]) {
    it(`${framework}: posts to /api/contact, whose handler sends with nodemailer from SMTP_*`, async () => {
      const { text } = await runDemo({
        framework,
        prompt: 'A contact form',
        system: guidance(framework, SMTP),
      });
      const snapshot = nextSnapshot(null, text);
      expect(fileContent(snapshot, component)).toContain(`fetch('${CONTACT_ROUTE}'`);
      const api = fileContent(snapshot, 'api/index.ts');
      expect(api).toContain("from 'nodemailer'");
      for (const name of ['SMTP_HOST', 'SMTP_PORT', 'SMTP_USER', 'SMTP_PASSWORD', 'SMTP_FROM'])
        expect(api).toContain(`process.env.${name}`);
      const pkg = packageJson(snapshot);
      expect(pkg.dependencies.hono).toBeDefined();
      expect(pkg.dependencies.nodemailer).toBeDefined();
    });
  }

  it('without e-mail enabled, a contact form is the ordinary catalogue answer', async () => {
    const { text } = await runDemo({ framework: 'react', prompt: 'A contact form' });
    expect(text).not.toContain('api/index.ts');
  });
});

describe('the api/ examples are valid source', () => {
  async function files(
    framework: 'react' | 'vue' | 'svelte' | 'angular',
    integration: GuidanceIntegration,
    prompt: string,
  ) {
    const { text } = await runDemo({ framework, prompt, system: guidance(framework, integration) });
    return nextSnapshot(null, text).files;
  }

  it('TypeScript and TSX parse; Svelte components compile; Vue templates and scripts compile', async () => {
    const ts = await import('typescript');
    const { compile } = await import('svelte/compiler');
    const { compile: compileTemplate } = await import('@vue/compiler-dom');
    const all = [
      ...(await files('react', POSTGRES, 'A guest book')),
      ...(await files('vue', POSTGRES, 'A guest book')),
      ...(await files('svelte', POSTGRES, 'A guest book')),
      ...(await files('angular', POSTGRES, 'A guest book')),
      ...(await files('react', SMTP, 'A contact form')),
      ...(await files('vue', SMTP, 'A contact form')),
      ...(await files('svelte', SMTP, 'A contact form')),
    ];
    const parse = (name: string, content: string) => {
      const source = ts.createSourceFile(name, content, ts.ScriptTarget.Latest, true);
      expect((source as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics, name).toEqual([]);
    };
    let checked = 0;
    for (const file of all) {
      if (/\.tsx?$/.test(file.name)) parse(file.name, file.content);
      else if (file.name.endsWith('.svelte')) compile(file.content, { filename: file.name });
      else if (file.name.endsWith('.vue')) {
        parse(`${file.name}.ts`, /<script[^>]*>([\s\S]*?)<\/script>/.exec(file.content)![1]!);
        compileTemplate(/<template>([\s\S]*)<\/template>/.exec(file.content)![1]!);
      } else continue;
      checked += 1;
    }
    expect(checked).toBeGreaterThan(15);
  });
});

describe('the api/ handlers type-check', () => {
  it('api/index.ts of the guest book and the contact form, strict, against the packages they declare', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const ts = await import('typescript');
    const { REPO_ROOT } = await import('../../paths.ts');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-api-types-'));
    try {
      const sources: string[] = [];
      for (const [name, framework, integration, prompt] of [
        ['guest-book.ts', 'react', POSTGRES, 'A guest book'],
        ['contact.ts', 'react', SMTP, 'A contact form'],
      ] as const) {
        const { text } = await runDemo({ framework, prompt, system: guidance(framework, integration) });
        fs.writeFileSync(path.join(dir, name), fileContent(nextSnapshot(null, text), 'api/index.ts'));
        sources.push(path.join(dir, name));
      }
      // Resolved as in the project: its node_modules (here this repository's) beside api/.
      fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'));
      const program = ts.createProgram(sources, {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        esModuleInterop: true,
        skipLibCheck: true,
        types: ['node'],
      });
      const errors = ts
        .getPreEmitDiagnostics(program)
        .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      expect(errors).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
