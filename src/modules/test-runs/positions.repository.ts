// Dense display order (1..n) for cards within a run and steps within a card. Every move shifts the
// neighbours in one UPDATE; the caller holds the run's row lock (lockLiveRun), so two moves in one run
// never interleave and the positions stay 1..n without gaps or duplicates.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';

/** Where siblings live: cards share a run, steps share a card. Constants, never user input. */
export interface Siblings {
  table: 'test_cards' | 'test_steps';
  scope: 'run_id' | 'card_id';
  id: string;
}

export const CARDS_OF = (runId: string): Siblings => ({ table: 'test_cards', scope: 'run_id', id: runId });
export const STEPS_OF = (cardId: string): Siblings => ({ table: 'test_steps', scope: 'card_id', id: cardId });

const where = (s: Siblings) => sql`${sql.identifier(s.scope)} = ${s.id}`;

export async function siblingCount(ex: Executor, s: Siblings): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    ex,
    sql`SELECT count(*) AS n FROM ${sql.identifier(s.table)} WHERE ${where(s)}`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * The position a new sibling takes: `wanted` clamped to 1..n+1 (the end when not given), after
 * making room there.
 */
export async function openSlot(ex: Executor, s: Siblings, wanted: number | undefined): Promise<number> {
  const end = (await siblingCount(ex, s)) + 1;
  const position = Math.min(wanted ?? end, end);
  if (position < end) {
    await ex.execute(
      sql`UPDATE ${sql.identifier(s.table)} SET position = position + 1 WHERE ${where(s)} AND position >= ${position}`,
    );
  }
  return position;
}

/** Moves the sibling at `from` to `wanted` clamped to 1..n; answers the position it took. */
export async function move(
  ex: Executor,
  s: Siblings,
  rowId: string,
  from: number,
  wanted: number,
): Promise<number> {
  const to = Math.min(wanted, await siblingCount(ex, s));
  if (to === from) return to;
  const table = sql.identifier(s.table);
  if (to < from) {
    await ex.execute(
      sql`UPDATE ${table} SET position = position + 1 WHERE ${where(s)} AND position >= ${to} AND position < ${from}`,
    );
  } else {
    await ex.execute(
      sql`UPDATE ${table} SET position = position - 1 WHERE ${where(s)} AND position > ${from} AND position <= ${to}`,
    );
  }
  await ex.execute(sql`UPDATE ${table} SET position = ${to} WHERE id = ${rowId}`);
  return to;
}

/** Closes the gap a removed sibling at `from` left. */
export async function closeGap(ex: Executor, s: Siblings, from: number): Promise<void> {
  await ex.execute(
    sql`UPDATE ${sql.identifier(s.table)} SET position = position - 1 WHERE ${where(s)} AND position > ${from}`,
  );
}
