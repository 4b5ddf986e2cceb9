// GET /systems/{id}/metagraph/proposals in pages: limit (default 100, at most 1000) and offset over the
// pending items of all runs, count the total, each page still grouped by run. Runs on PGlite and
// PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExtractedModel } from '../../analysis/extract/types.js';
import { ok, type TestUser } from '../../../test/helpers.js';
import { metagraphTestApp, type MetagraphClient } from '../../../test/metagraph-helpers.js';
import { expectProblem } from '../../../test/problems.js';
import { FakeDocuments, proposed, runMetagraphUpdate } from '../../../test/proposal-helpers.js';
import type { Proposals } from './proposals.schemas.js';

const docs = new FakeDocuments();
let ann: TestUser;
let mg: MetagraphClient;

beforeAll(async () => {
  ({ ann, mg } = await metagraphTestApp({ jobTypes: [docs.type], env: { HWA_WORKER_SHUTDOWN_GRACE: '0' } }));
});

const list = (sys: string, query: Record<string, string> = {}) =>
  ann.call<Proposals>('GET', `/systems/${sys}/metagraph/proposals`, undefined, { query });

/** A rack of `n` boards: n+1 entities and n CONTAINS edges. */
function rack(prefix: string, n: number): ExtractedModel {
  const key = `${prefix} rack`.toLowerCase();
  return {
    entities: [
      proposed(`${prefix} Rack`, { entityType: 'SUBSYSTEM' }),
      ...Array.from({ length: n }, (_, i) =>
        proposed(`${prefix} Board ${i + 1}`, { parentKey: key, row: i + 2 }),
      ),
    ],
    relationships: [],
  };
}

/** Every item of a listing, in order, as `run:kind:name-or-id`. */
const itemsOf = (p: Proposals) =>
  p.runs.flatMap((g) => [
    ...g.entities.map((e) => `${g.job_run_id}:e:${e.name}`),
    ...g.relationships.map((r) => `${g.job_run_id}:r:${r.uuid}`),
  ]);

describe('paging proposals', () => {
  let sys: string;
  let runs: string[];

  beforeAll(async () => {
    sys = await mg.createSystem();
    docs.set(sys, { name: 'a.csv', model: rack('Alpha', 3) });
    const first = await runMetagraphUpdate(ann, sys);
    docs.set(sys, { name: 'a.csv', model: rack('Alpha', 3) }, { name: 'b.csv', model: rack('Bravo', 2) });
    const second = await runMetagraphUpdate(ann, sys);
    runs = [first.uuid, second.uuid];
  });

  it('answers the first 100 by default, with the totals of all pages', async () => {
    const all = ok(await list(sys));
    // Alpha: 4 entities + 3 edges; Bravo: 3 entities + 2 edges.
    expect(all).toMatchObject({ count: 12, entity_count: 7, relationship_count: 5 });
    expect(all.runs.map((g) => g.job_run_id)).toEqual(runs);
    expect(itemsOf(all)).toHaveLength(12);
  });

  it('walks every item exactly once with limit and offset, each page grouped by run, oldest run first', async () => {
    const all = itemsOf(ok(await list(sys)));
    const walked: string[] = [];
    for (let offset = 0; offset < 12; offset += 5) {
      const page = ok(await list(sys, { limit: '5', offset: String(offset) }));
      expect(page.count).toBe(12);
      expect(itemsOf(page).length).toBe(Math.min(5, 12 - offset));
      const order = page.runs.map((g) => runs.indexOf(g.job_run_id!));
      expect(order).toEqual([...order].sort());
      walked.push(...itemsOf(page));
    }
    expect(walked).toEqual(all);
    expect(itemsOf(ok(await list(sys, { offset: '12' })))).toEqual([]);
  });

  it('keeps parent_ids of an entity whose CONTAINS edge is on another page', async () => {
    const page = ok(await list(sys, { limit: '2' }));
    const board = page.runs[0]!.entities.find((e) => e.name === 'Alpha Board 1')!;
    expect(page.runs[0]!.relationships).toEqual([]);
    const rackId = page.runs[0]!.entities.find((e) => e.name === 'Alpha Rack')!.uuid;
    expect(board.parent_ids).toEqual([rackId]);
  });

  it('pages within one run too', async () => {
    const page = ok(await list(sys, { job_run_id: runs[1]!, limit: '2', offset: '1' }));
    expect(page).toMatchObject({ count: 5, entity_count: 3, relationship_count: 2 });
    expect(page.runs.map((g) => g.job_run_id)).toEqual([runs[1]]);
    expect(page.runs[0]!.entities.map((e) => e.name)).toEqual(['Bravo Board 1', 'Bravo Board 2']);
  });

  it('takes limit 1 to 1000 and refuses 0 and 1001, naming the field', async () => {
    expect(itemsOf(ok(await list(sys, { limit: '1000' })))).toHaveLength(12);
    expect(itemsOf(ok(await list(sys, { limit: '1' })))).toHaveLength(1);
    expectProblem(await list(sys, { limit: '1001' }), 400, ['query.limit']);
    expectProblem(await list(sys, { limit: '0' }), 400, ['query.limit']);
    expectProblem(await list(sys, { offset: '-1' }), 400, ['query.offset']);
  });
});
