import { describe, expect, it } from 'vitest';
import { validateMigrationRun } from './migration-run.ts';

describe('Spec §5 migration run: needs a chat id and content', () => {
  it("'Chat ID is missing. Please refresh the page and try again.'", () => {
    expect(validateMigrationRun({ chatId: '', sql: 'create table a (id int);' })).toEqual({
      ok: false,
      error: {
        code: 'migration-chat-id-missing',
        title: 'Migration Failed',
        message: 'Chat ID is missing. Please refresh the page and try again.',
      },
    });
  });

  it("'Migration content is empty.'", () => {
    expect(validateMigrationRun({ chatId: 'c1', sql: '  ' })).toMatchObject({
      ok: false,
      error: { message: 'Migration content is empty.' },
    });
    expect(validateMigrationRun({ chatId: 'c1', sql: 'select 1' }).ok).toBe(true);
  });
});
