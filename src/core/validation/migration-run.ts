/** Spec §5 "Migration run". */
import { ERRORS, invalid, valid, type Validation } from '../errors.ts';

export function validateMigrationRun(input: {
  chatId: string | null | undefined;
  sql: string | null | undefined;
}): Validation<{ chatId: string; sql: string }> {
  if (input.chatId == null || input.chatId.trim() === '') return invalid(ERRORS.migrationChatIdMissing);
  if (input.sql == null || input.sql.trim() === '') return invalid(ERRORS.migrationContentEmpty);
  return valid({ chatId: input.chatId, sql: input.sql });
}
