// The nearest texts scored from vectors held in memory (the path without pgvector): in the exact order,
// only texts said in scope even when the nearest are not, a text added after a search found by the
// next, a text no component says any more never answered, and null (the caller scans) past the cap.
// Vectors are written directly, 4 dimensions, so the order is known without a model.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../core/ids.js';
import { testApp, type TestContext } from '../../../test/helpers.js';
import { runClient } from '../../../test/test-run-helpers.js';
import { insertTextVectors } from './search-index.repository.js';
import { bestFirst, TextVectorCache } from './search-vector-cache.js';

const MODEL = 'test:cache-4';
let ctx: TestContext;
let runs: { runId: string; systemId: string }[];

/** A unit vector at `angle` from the query (1, 0, 0, 0): the smaller the angle, the nearer. */
const at = (angle: number) => [Math.cos(angle), Math.sin(angle), 0, 0];
const QUERY = [1, 0, 0, 0];

/** Text `hash` with its vector, said by a step of `run` (run 0 or 1, each in its own system). */
async function said(hash: string, angle: number, run: number): Promise<void> {
  await insertTextVectors(ctx.database.db, MODEL, [{ textHash: hash, embedding: at(angle) }]);
  const { runId, systemId } = runs[run]!;
  await ctx.database.db.execute(sql`INSERT INTO test_run_search_components
    (component_type, component_id, part, run_id, system_id, text_hash)
    VALUES ('step', ${newId()}, 'title', ${runId}, ${systemId}, ${hash})`);
}

beforeAll(async () => {
  ctx = await testApp({ env: { HWA_WORKER_CONCURRENCY: '0' } });
  const ann = await ctx.newUser();
  const client = runClient(ctx, ann);
  runs = [];
  for (const title of ['Cache run A', 'Cache run B']) {
    const run = await client.run({ title }); // each of a new system
    runs.push({ runId: run.uuid, systemId: run.system_id });
  }
  // Ten texts of system A nearer than the only one of system B.
  for (let i = 0; i < 10; i++) await said(`a${i}`, 0.1 * (i + 1), 0);
  await said('b0', 1.5, 1);
});

describe('TextVectorCache', () => {
  it('answers the nearest texts in order, and walks past the nearest when the scope excludes them', async () => {
    const cache = new TextVectorCache(MODEL, 4);
    const all = await cache.nearest(ctx.database.db, QUERY, {}, 3);
    expect(all!.map((t) => t.textHash)).toEqual(['a0', 'a1', 'a2']);
    expect(all![0]!.similarity).toBeCloseTo(Math.cos(0.1), 5);
    // limit 1: the first chunk holds the 4 nearest, all of system A; b0 is 11th.
    const b = await cache.nearest(ctx.database.db, QUERY, { systemId: runs[1]!.systemId }, 1);
    expect(b!.map((t) => t.textHash)).toEqual(['b0']);
    expect(await cache.nearest(ctx.database.db, QUERY, { componentTypes: ['report'] }, 5)).toEqual([]);
  });

  it('finds a text added after its first search, and never one no component says any more', async () => {
    const cache = new TextVectorCache(MODEL, 4);
    await cache.nearest(ctx.database.db, QUERY, {}, 1);
    await said('a-new', 0.01, 0);
    expect((await cache.nearest(ctx.database.db, QUERY, {}, 1))!.map((t) => t.textHash)).toEqual(['a-new']);
    await ctx.database.db.execute(sql`DELETE FROM test_run_search_components WHERE text_hash = 'a-new'`);
    expect((await cache.nearest(ctx.database.db, QUERY, {}, 1))!.map((t) => t.textHash)).toEqual(['a0']);
  });

  it('finds a text committed late, stamped up to a minute before the last read', async () => {
    const cache = new TextVectorCache(MODEL, 4);
    await cache.nearest(ctx.database.db, QUERY, {}, 1);
    await said('a-late', 0.005, 0);
    // Its transaction began 30 s before the search above read the table, and committed after.
    await ctx.database.db.execute(sql`UPDATE test_run_search_texts
      SET created_at = now() - interval '30 seconds' WHERE text_hash = 'a-late'`);
    expect((await cache.nearest(ctx.database.db, QUERY, {}, 1))!.map((t) => t.textHash)).toEqual(['a-late']);
    await ctx.database.db.execute(sql`DELETE FROM test_run_search_components WHERE text_hash = 'a-late'`);
  });

  it('answers null when the texts outgrow its cap, so the caller scans the database', async () => {
    const cache = new TextVectorCache(MODEL, 4, 4 * 5);
    expect(await cache.nearest(ctx.database.db, QUERY, {}, 1)).toBeNull();
  });
});

describe('bestFirst', () => {
  it('answers the first k of a full sort, best first and ties by index, for every k', () => {
    // Scores with many ties (multiples of 1/8), so the k-th often falls inside a run of equals.
    const scores = Float32Array.from({ length: 200 }, (_, i) => ((i * 37) % 17) / 8);
    const full = Array.from(scores.keys()).sort((a, b) => scores[b]! - scores[a]! || a - b);
    for (const k of [0, 1, 5, 16, 17, 100, 199, 200, 250]) {
      expect(Array.from(bestFirst(scores, k))).toEqual(full.slice(0, k));
    }
  });
});
