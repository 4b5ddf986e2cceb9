// A batch save never hangs approved data on a proposal: a pending entity as a parent or as a
// relationship end is refused with 409 pending_entity naming each field, and nothing changes; once the
// proposal is approved the same save goes through. Runs on PGlite and PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, type TestUser } from '../../../test/helpers.js';
import { byName, edges, metagraphTestApp, type MetagraphClient } from '../../../test/metagraph-helpers.js';
import { expectProblem } from '../../../test/problems.js';
import { FakeDocuments, proposed, runMetagraphUpdate } from '../../../test/proposal-helpers.js';
import type { Entity } from './metagraph.schemas.js';

const docs = new FakeDocuments();
let ann: TestUser;
let mg: MetagraphClient;

beforeAll(async () => {
  ({ ann, mg } = await metagraphTestApp({ jobTypes: [docs.type], env: { HWA_WORKER_SHUTDOWN_GRACE: '0' } }));
});

/** A system with an approved Frame and a pending Power Board proposed by a run. */
async function withProposal() {
  const sys = await mg.createSystem();
  const saved = await mg.save(sys, { creates: [{ local_id: 'f', type: 'SUBSYSTEM', name: 'Frame' }] });
  const frame = saved.entity_ids.f!;
  docs.set(sys, {
    name: 'bom.csv',
    model: { entities: [proposed('Power Board', { entityType: 'SUBSYSTEM' })], relationships: [] },
  });
  const run = await runMetagraphUpdate(ann, sys);
  const pending = ok(await ann.call<Entity[]>('GET', `/systems/${sys}/entities?include_pending=true`));
  return { sys, frame, board: byName({ entities: pending }, 'Power Board').uuid, run: run.uuid };
}

const save = (sys: string, body: unknown) => ann.call('POST', `/systems/metagraphs/${sys}/batch-save`, body);

describe('batch save and pending entities', () => {
  it('refuses a pending entity as a parent of a create or an update, and as a relationship end', async () => {
    const { sys, frame, board } = await withProposal();
    const before = await mg.full(sys);
    const refused = expectProblem(
      await save(sys, {
        creates: [{ local_id: 'r', type: 'COMPONENT', name: 'Regulator', parent_ids: [board] }],
        updates: [{ id: frame, parent_ids: [board] }],
        relationship_creates: [
          { edge_type: 'PROVIDES', source_id: frame, target_id: board.toUpperCase() },
          { edge_type: 'CONNECTS', source_id: board, target_id: 'r' },
        ],
      }),
      409,
      [
        'body.creates[0].parent_ids[0]',
        'body.updates[0].parent_ids[0]',
        'body.relationship_creates[0].target_id',
        'body.relationship_creates[1].source_id',
      ],
    );
    expect(refused.type).toBe('urn:hwa:problem:pending_entity');
    expect(refused.detail).toMatch(/pending proposal.*approve it first/);
    expect(await mg.full(sys)).toEqual(before);
  });

  it('answers 400 with every field when other refusals come with it', async () => {
    const { sys, board } = await withProposal();
    expectProblem(
      await save(sys, {
        creates: [{ local_id: 'r', type: 'COMPONENT', name: 'Regulator', parent_ids: [board, 'nowhere'] }],
      }),
      400,
      ['body.creates[0].parent_ids[0]', 'body.creates[0].parent_ids[1]'],
    );
  });

  it('still lets a save edit or delete the proposal itself', async () => {
    const { sys, board } = await withProposal();
    ok(await save(sys, { updates: [{ id: board, description: 'Typo fixed before review' }] }));
    ok(await save(sys, { deletes: [board] }));
    expect(ok(await ann.call<Entity[]>('GET', `/systems/${sys}/entities?include_pending=true`))).toHaveLength(
      1,
    );
  });

  it('takes the same save once the proposal is approved', async () => {
    const { sys, frame, board, run } = await withProposal();
    ok(await ann.call('POST', `/systems/${sys}/metagraph/proposals/approve`, { job_run_id: run }));
    ok(
      await save(sys, {
        creates: [{ local_id: 'r', type: 'COMPONENT', name: 'Regulator', parent_ids: [board] }],
        relationship_creates: [{ edge_type: 'PROVIDES', source_id: board, target_id: frame }],
      }),
    );
    expect(edges(await mg.full(sys))).toEqual([
      'CONTAINS Power Board->Regulator',
      'PROVIDES Power Board->Frame',
    ]);
  });
});
