import type { TestProject } from 'vitest/node';
import { startTestPostgres, type TestPostgres } from './postgres-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

let server: TestPostgres | undefined;

/** One PostgreSQL server for the whole run (or TEST_DATABASE_URL when given). */
export async function setup(project: TestProject): Promise<void> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('postgresUrl', given);
    return;
  }
  server = await startTestPostgres();
  project.provide('postgresUrl', server.url);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
