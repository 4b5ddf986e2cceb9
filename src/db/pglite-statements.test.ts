// drizzle's prepared queries on PGlite run as named statements (pglite-statements.ts): the same rows
// and errors as the plain path, nothing prepared for one-off queries, and never inside another
// caller's transaction. PostgreSQL needs none of this (pg prepares named statements itself).
import { and, eq, sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { dbKind, freshDatabase } from '../../test/helpers.js';
import { queryRows, type Database, type Db } from './client.js';

const gadgets = pgTable('gadgets', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  note: text('note'),
  active: boolean('active').notNull(),
  count: integer('count').notNull(),
  madeAt: timestamp('made_at', { withTimezone: true, mode: 'date' }).notNull(),
  retiredAt: timestamp('retired_at', { withTimezone: true, mode: 'date' }),
});

let database: Database;
let db: Db;

beforeAll(async () => {
  database = await freshDatabase();
  db = database.db;
  await db.execute(sql`CREATE TABLE gadgets (
    id uuid PRIMARY KEY, name text NOT NULL, note text, active boolean NOT NULL, count integer NOT NULL,
    made_at timestamptz NOT NULL, retired_at timestamptz)`);
  await db.insert(gadgets).values([
    { id: randomUUID(), name: 'probe', active: true, count: 3, madeAt: new Date('2026-01-02T03:04:05.678Z') },
    {
      id: randomUUID(),
      name: 'rig',
      note: 'spare',
      active: false,
      count: 0,
      madeAt: new Date('2025-05-06T07:08:09.010Z'),
      retiredAt: new Date('2026-02-03T04:05:06.007Z'),
    },
  ]);
});

const byName = () =>
  db
    .select()
    .from(gadgets)
    .where(and(eq(gadgets.name, sql.placeholder('name')), eq(gadgets.active, sql.placeholder('active'))))
    .prepare('test_gadget_by_name');

const statements = () =>
  queryRows<{ name: string; statement: string }>(
    db,
    sql`SELECT name, statement FROM pg_prepared_statements ORDER BY name`,
  );

describe.runIf(dbKind() === 'pglite')('prepared queries on PGlite', () => {
  it('become a named statement from their second execution, with the rows of the plain path', async () => {
    const query = byName();
    const plain = async (name: string, active: boolean) =>
      db
        .select()
        .from(gadgets)
        .where(and(eq(gadgets.name, name), eq(gadgets.active, active)));
    const before = (await statements()).length;

    for (const [name, active] of [
      ['probe', true],
      ['rig', false],
      ['rig', true],
      ['probe', true],
    ] as const) {
      const rows = await query.execute({ name, active });
      expect(rows).toEqual(await plain(name, active));
    }
    const [probe] = await query.execute({ name: 'probe', active: true });
    expect(probe!.madeAt).toEqual(new Date('2026-01-02T03:04:05.678Z'));
    expect(probe!.retiredAt).toBeNull();
    expect(probe!.note).toBeNull();
    const [rig] = await query.execute({ name: 'rig', active: false });
    expect(rig).toMatchObject({ note: 'spare', active: false, count: 0 });
    expect(rig!.retiredAt).toEqual(new Date('2026-02-03T04:05:06.007Z'));

    const after = await statements();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)!.name).toMatch(/^hwa_stmt_\d+$/);
    expect(after.at(-1)!.statement).toContain('"gadgets"');
  });

  it('prepares nothing for one-off queries, however many run', async () => {
    const before = (await statements()).length;
    for (let i = 0; i < 20; i++) {
      await db.select().from(gadgets).where(eq(gadgets.count, i));
    }
    expect(await statements()).toHaveLength(before);
  });

  it('fails like the plain path and leaves the database usable', async () => {
    const query = db
      .select()
      .from(gadgets)
      .where(eq(gadgets.id, sql.placeholder('id')))
      .prepare('test_gadget_by_id');
    expect(await query.execute({ id: randomUUID() })).toEqual([]);
    expect(await query.execute({ id: randomUUID() })).toEqual([]); // named from here on
    await expect(query.execute({ id: 'not-a-uuid' })).rejects.toMatchObject({ cause: { code: '22P02' } });
    const [probe] = await db.select().from(gadgets).where(eq(gadgets.name, 'probe'));
    expect(await query.execute({ id: probe!.id })).toEqual([probe]);
    await db.transaction(async (tx) => {
      await tx.update(gadgets).set({ count: 4 }).where(eq(gadgets.id, probe!.id));
    });
    expect((await query.execute({ id: probe!.id }))[0]!.count).toBe(4);
  });

  it("waits for another caller's transaction instead of running inside it", async () => {
    const query = byName();
    expect(await query.execute({ name: 'ghost', active: true })).toEqual([]);
    expect(await query.execute({ name: 'ghost', active: true })).toEqual([]);

    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const rolledBack = db
      .transaction(async (tx) => {
        await tx
          .insert(gadgets)
          .values({ id: randomUUID(), name: 'ghost', active: true, count: 1, madeAt: new Date() });
        inserted();
        await gate;
        tx.rollback();
      })
      .catch(() => 'rolled back');
    await insertedYet;
    // PGlite is one session: run inside the open transaction, the query would see the ghost row.
    const during = query.execute({ name: 'ghost', active: true });
    finish();
    expect(await rolledBack).toBe('rolled back');
    expect(await during).toEqual([]);
  });
});
