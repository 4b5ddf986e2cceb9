// Batch save refuses a CONTAINS cycle, whether it is in the request alone or closed through edges
// already stored, with 400 naming the update or create that closes it; every write of the refused save
// is rolled back.
import { beforeAll, describe, expect, it } from 'vitest';
import { batchSaveApp, mg } from '../../../test/batch-save-app.js';
import { expectProblem } from '../../../test/problems.js';

batchSaveApp();

let sys: string;
let id: (name: string) => string;
let rel: (type: string) => string;

beforeAll(async () => {
  const built = await mg.satellite();
  ({ sys, id } = built);
  rel = (type) => built.graph.relationships.find((r) => r.relationship_type === type)!.uuid;
});

describe('a CONTAINS cycle', () => {
  it('refuses two creates that contain each other, naming one of them', async () => {
    const before = await mg.snapshot(sys);
    const problem = expectProblem(
      await mg.batch(sys, {
        creates: [
          { local_id: 'a', type: 'COMPONENT', name: 'A', parent_ids: ['b'] },
          { local_id: 'b', type: 'COMPONENT', name: 'B', parent_ids: ['a'] },
        ],
      }),
      400,
    );
    expect(problem.errors).toHaveLength(1);
    expect(problem.errors[0]!.path).toMatch(/^body\.creates\[[01]\]\.parent_ids$/);
    expect(problem.errors[0]!.message).toMatch(/cycle/i);
    expect(await mg.snapshot(sys)).toEqual(before);
  });

  it('refuses moving an entity under its own descendant through stored edges, rolling back every write', async () => {
    const before = await mg.snapshot(sys);
    // Valid creates, updates, deletes and relationship changes first; the cycle is only visible to the
    // database after they are written (EPS -> Battery is stored, CubeSat -> EPS too).
    const problem = expectProblem(
      await mg.batch(sys, {
        creates: [{ local_id: 'n', type: 'COMPONENT', name: 'New part', parent_ids: [id('ADCS')] }],
        updates: [
          { id: id('Reaction wheel'), name: 'Renamed wheel', properties: { rpm: '6000' } },
          { id: id('CubeSat'), parent_ids: [id('Battery')] },
        ],
        deletes: [id('VBAT')],
        relationship_creates: [{ edge_type: 'CONNECTS', source_id: 'n', target_id: id('Power bus') }],
        relationship_updates: [{ id: rel('CONNECTS'), name: 'renamed' }],
        relationship_deletes: [rel('CONSUMES')],
      }),
      400,
      ['body.updates[1].parent_ids'],
    );
    expect(problem.errors[0]!.message).toMatch(/cycle/i);
    expect(await mg.snapshot(sys)).toEqual(before);
  });

  it('refuses a cycle closed through an entity created in the same save', async () => {
    const before = await mg.snapshot(sys);
    // Stored: EPS -> Battery. New: Battery -> X, and EPS moved under X.
    expectProblem(
      await mg.batch(sys, {
        creates: [{ local_id: 'x', type: 'COMPONENT', name: 'X', parent_ids: [id('Battery')] }],
        updates: [{ id: id('EPS'), parent_ids: ['x'] }],
      }),
      400,
      ['body.updates[0].parent_ids'],
    );
    expect(await mg.snapshot(sys)).toEqual(before);
  });
});
