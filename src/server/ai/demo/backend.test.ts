import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../../../core/artifact/index.ts';
import type { Framework } from '../../../core/frameworks/index.ts';
import { buildModelGuidance } from '../../../core/integrations/model-guidance.ts';
import { inspectMigrationSql } from '../../../core/sql/migration.ts';
import { UNREACHABLE_TEXT } from './backend/migration.ts';
import { fileContent, nextSnapshot, runDemo } from './testing.ts';

const supabaseGuidance = (framework: Framework) =>
  buildModelGuidance({
    framework,
    integrations: [{ type: 'database', provider: 'supabase' }],
    publicEnvNames: ['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY'],
    existingTables: [],
  });

const MIGRATION_NAME = /^supabase\/migrations\/\d{14}_guest_book\.sql$/;

async function expectGuestBookMigration(snapshot: Snapshot) {
  const migration = snapshot.files.find((file) => MIGRATION_NAME.test(file.name));
  expect(migration).toBeDefined();
  expect(migration!.content).toContain('enable row level security');
  const inspection = await inspectMigrationSql(migration!.content);
  expect(inspection.ok && inspection.tables).toEqual(['guest_book']);
  expect(inspection.ok && inspection.policies.length).toBe(2);
}

function expectSupabaseClient(snapshot: Snapshot, dependency: string) {
  const client = fileContent(snapshot, 'src/lib/supabase.ts');
  expect(client).toContain("from '@supabase/supabase-js'");
  expect(client).toContain('import.meta.env.VITE_SUPABASE_URL');
  expect(client).toContain('import.meta.env.VITE_SUPABASE_ANON_KEY');
  const pkg = JSON.parse(fileContent(snapshot, 'package.json')) as Record<string, Record<string, string>>;
  expect(pkg.dependencies!['@supabase/supabase-js']).toBeDefined();
  // The template's own packages stay (Svelte lists its compiler among devDependencies).
  expect({ ...pkg.dependencies, ...pkg.devDependencies }[dependency]).toBeDefined();
}

describe('the demo model with a database enabled (issue 16 item 3)', () => {
  it('answers a guest book backed by Supabase, with a migration under Row Level Security', async () => {
    const { text } = await runDemo({
      framework: 'react',
      prompt: 'A guest book',
      system: supabaseGuidance('react'),
    });
    const snapshot = nextSnapshot(null, text);
    const component = fileContent(snapshot, 'src/components/GuestBook.tsx');
    expect(component).toContain("from('guest_book')");
    // An unreachable project is a sentence for the visitor, not supabase-js's error text.
    expect(component).toContain(UNREACHABLE_TEXT);
    expect(fileContent(snapshot, 'src/App.tsx')).toContain("import GuestBook from './components/GuestBook'");
    expectSupabaseClient(snapshot, 'react');
    await expectGuestBookMigration(snapshot);
  });

  it('answers the guest book in Vue: a single-file component on the same client and migration', async () => {
    const { text } = await runDemo({
      framework: 'vue',
      prompt: 'A guest book',
      system: supabaseGuidance('vue'),
    });
    const snapshot = nextSnapshot(null, text);
    const component = fileContent(snapshot, 'src/components/GuestBook.vue');
    expect(component).toContain('<script setup lang="ts">');
    expect(component).toContain("from('guest_book')");
    expect(component).toContain(UNREACHABLE_TEXT);
    expect(fileContent(snapshot, 'src/App.vue')).toContain(
      "import GuestBook from './components/GuestBook.vue'",
    );
    expectSupabaseClient(snapshot, 'vue');
    await expectGuestBookMigration(snapshot);
  });

  it('answers the guest book in Svelte 5: runes, the same client and migration', async () => {
    const { text } = await runDemo({
      framework: 'svelte',
      prompt: 'A guest book',
      system: supabaseGuidance('svelte'),
    });
    const snapshot = nextSnapshot(null, text);
    const component = fileContent(snapshot, 'src/lib/GuestBook.svelte');
    expect(component).toContain('$state');
    expect(component).toContain("from('guest_book')");
    expect(component).toContain(UNREACHABLE_TEXT);
    expect(fileContent(snapshot, 'src/App.svelte')).toContain(
      "import GuestBook from './lib/GuestBook.svelte'",
    );
    expectSupabaseClient(snapshot, 'svelte');
    await expectGuestBookMigration(snapshot);
  });

  it('answers the guest book in Angular, built with ngx-env so the NG_APP_ variables reach the bundle', async () => {
    const { text } = await runDemo({
      framework: 'angular',
      prompt: 'A guest book',
      system: supabaseGuidance('angular'),
    });
    const snapshot = nextSnapshot(null, text);
    const component = fileContent(snapshot, 'src/app/guest-book/guest-book.ts');
    expect(component).toContain("from('guest_book')");
    expect(fileContent(snapshot, 'src/app/guest-book/guest-book.html')).toContain(UNREACHABLE_TEXT);
    expect(fileContent(snapshot, 'src/app/app.ts')).toContain(
      "import { GuestBook } from './guest-book/guest-book'",
    );
    const client = fileContent(snapshot, 'src/app/supabase.ts');
    expect(client).toContain('import.meta.env.NG_APP_SUPABASE_URL');
    expect(client).toContain('import.meta.env.NG_APP_SUPABASE_ANON_KEY');
    // Angular's own builder reads no .env.local: ngx-env's does, with the same options.
    const angular = JSON.parse(fileContent(snapshot, 'angular.json')) as {
      projects: { app: { architect: { build: { builder: string }; serve: { builder: string } } } };
    };
    expect(angular.projects.app.architect.build.builder).toBe('@ngx-env/builder:application');
    expect(angular.projects.app.architect.serve.builder).toBe('@ngx-env/builder:dev-server');
    const pkg = JSON.parse(fileContent(snapshot, 'package.json')) as Record<string, Record<string, string>>;
    expect(pkg.devDependencies!['@ngx-env/builder']).toMatch(/^\^21\./);
    expect(pkg.dependencies!['@angular/forms']).toBe(pkg.dependencies!['@angular/core']);
    expect(pkg.dependencies!['@supabase/supabase-js']).toBeDefined();
    expect(text).toContain('NG_APP_SUPABASE_URL');
    // Its own angular.json makes the project complete: no template is merged in, so it brings the rest.
    const names = snapshot.files.map((file) => file.name);
    for (const name of [
      'tsconfig.json',
      'tsconfig.app.json',
      'src/main.ts',
      'src/index.html',
      'src/styles.css',
    ])
      expect(names).toContain(name);
    await expectGuestBookMigration(snapshot);
  });

  it('answers the guest book as a follow-up (the database is enabled once the chat exists), once', async () => {
    const first = nextSnapshot(
      null,
      (await runDemo({ framework: 'react', prompt: 'A pricing table with three plans' })).text,
    );
    const asked = await runDemo({
      framework: 'react',
      prompt: 'A guest book',
      snapshot: first,
      system: supabaseGuidance('react'),
    });
    const second = nextSnapshot(first, asked.text);
    await expectGuestBookMigration(second);
    expect(fileContent(second, 'src/App.tsx')).toContain('<GuestBook />');

    // With the guest book there, a change to it is a change, not a second copy of the example.
    const changed = await runDemo({
      framework: 'react',
      prompt: 'Make the guest book dark',
      snapshot: second,
      system: supabaseGuidance('react'),
    });
    expect(changed.text).not.toContain('_guest_book.sql');
  });

  it('without Supabase enabled, a guest book is an ordinary demo answer', async () => {
    const { text } = await runDemo({ framework: 'vue', prompt: 'A guest book' });
    expect(text).not.toContain('@supabase/supabase-js');
  });
});
