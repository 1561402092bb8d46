import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { columnsOf, SEALED_COLUMNS } from './sealed-columns.ts';
import { createSecretBox, isSealed } from './secret-box.ts';

export interface RotationCount {
  label: string;
  /** Already sealed with the current secret's key: left alone. */
  current: number;
  /** Sealed with a previous secret: opened and sealed again with the current one. */
  resealed: number;
  /** Stored before sealing existed (OAuth tokens from before this version): sealed now. */
  sealed: number;
  /** Sealed with a secret that is neither current nor listed as previous: left as it is. */
  unreadable: number;
}

/**
 * Seals every stored credential with the current secret's key (`npm run kiln -- secrets rotate`).
 * Running it again changes nothing. A row is only written if it still holds the value read, so
 * a credential replaced meanwhile by the running server is not overwritten.
 */
export async function rotateSecrets(
  db: Database,
  keys: { secret: string; previous: readonly string[] },
): Promise<RotationCount[]> {
  const counts: RotationCount[] = [];
  for (const entry of SEALED_COLUMNS) {
    const box = createSecretBox({ secret: keys.secret, previous: keys.previous, purpose: entry.purpose });
    const { key, column, present } = columnsOf(entry);
    const count: RotationCount = { label: entry.label, current: 0, resealed: 0, sealed: 0, unreadable: 0 };
    const rows = await db.select({ id: key, value: column }).from(entry.table).where(present);
    for (const row of rows) {
      const value = row.value as string;
      let next: string;
      if (!isSealed(value)) {
        next = box.seal(value);
        count.sealed++;
      } else if (!box.isStale(value)) {
        count.current++;
        continue;
      } else {
        try {
          next = box.seal(box.open(value));
          count.resealed++;
        } catch {
          count.unreadable++;
          continue;
        }
      }
      await db
        .update(entry.table)
        .set({ [entry.column]: next })
        .where(and(eq(key, row.id), eq(column, value)));
    }
    counts.push(count);
  }
  return counts;
}

/** One line per kind of credential, for the CLI. */
export function formatRotation(counts: readonly RotationCount[]): string {
  const lines = counts.map(
    (c) =>
      `${c.label}: ${c.resealed} re-sealed, ${c.sealed} sealed, ${c.current} already current` +
      (c.unreadable > 0
        ? `, ${c.unreadable} UNREADABLE (sealed with a secret not in KILN_SECRET_PREVIOUS)`
        : ''),
  );
  const unreadable = counts.reduce((sum, c) => sum + c.unreadable, 0);
  if (unreadable > 0)
    lines.push(
      'Some values could not be opened: add the secret they were sealed with to KILN_SECRET_PREVIOUS and run again.',
    );
  else
    lines.push(
      'Every stored credential is sealed with the current KILN_SECRET; earlier secrets can now be removed from KILN_SECRET_PREVIOUS.',
    );
  return lines.join('\n');
}
