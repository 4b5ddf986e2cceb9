// The metagraph version and what clients sync from: +1 per save, base_version checked (409
// stale_base_version naming the current version), concurrent saves each get their own version and lose
// nothing, and each save's change set says what it changed, who and when.
import { describe, expect, it } from 'vitest';
import {
  batchSaveApp,
  ISO_MS_Z,
  SATELLITE,
  bob,
  byName,
  mg,
  saveAnswer,
} from '../../../test/batch-save-app.js';
import { ok } from '../../../test/helpers.js';
import { expectProblem } from '../../../test/problems.js';

batchSaveApp();

describe('the metagraph version', () => {
  it('starts at 0 and advances by one per save, an empty save included', async () => {
    const sys = await mg.createSystem();
    expect((await mg.full(sys)).version).toBe(0);
    // Nothing counted, no ids: every count of the answer is 0.
    expect(await mg.save(sys, {})).toEqual(saveAnswer(1));
    expect((await mg.save(sys, { creates: [{ local_id: 'a', type: 'COMPONENT', name: 'A' }] })).version).toBe(
      2,
    );
    expect((await mg.save(sys, {})).version).toBe(3);
    expect((await mg.full(sys)).version).toBe(3);
  });

  it('is kept per system', async () => {
    const one = await mg.createSystem();
    const two = await mg.createSystem();
    await mg.save(one, {});
    await mg.save(one, {});
    expect((await mg.save(two, {})).version).toBe(1);
    expect((await mg.full(one)).version).toBe(2);
  });

  it('accepts base_version equal to the current version, 0 included', async () => {
    const sys = await mg.createSystem();
    expect((await mg.save(sys, { base_version: 0 })).version).toBe(1);
    expect(
      (await mg.save(sys, { base_version: 1, creates: [{ local_id: 'a', type: 'SIGNAL', name: 'S' }] }))
        .version,
    ).toBe(2);
  });

  it('refuses a stale base_version with 409 naming the current version, and changes nothing', async () => {
    const sys = await mg.createSystem();
    await mg.save(sys, {});
    await mg.save(sys, {});
    const before = await mg.snapshot(sys);
    const res = await mg.batch(sys, {
      base_version: 1,
      creates: [{ local_id: 'a', type: 'COMPONENT', name: 'Late' }],
    });
    const problem = expectProblem(res, 409);
    expect(problem.type).toBe('urn:hwa:problem:stale_base_version');
    expect(problem.current_version).toBe(2);
    expect(problem.detail).toMatch(/\b2\b/);
    expect(await mg.snapshot(sys)).toEqual(before);
  });

  it('refuses a base_version ahead of the current version too', async () => {
    const sys = await mg.createSystem();
    const problem = expectProblem(await mg.batch(sys, { base_version: 5 }), 409);
    expect(problem.type).toBe('urn:hwa:problem:stale_base_version');
    expect(problem.current_version).toBe(0);
    expect((await mg.full(sys)).version).toBe(0);
  });

  it('refuses a negative or non-integer base_version as invalid', async () => {
    const sys = await mg.createSystem();
    expectProblem(await mg.batch(sys, { base_version: -1 }), 400, ['body.base_version']);
    expectProblem(await mg.batch(sys, { base_version: 1.5 }), 400, ['body.base_version']);
    expectProblem(await mg.batch(sys, { base_version: '0' }), 400, ['body.base_version']);
    expect((await mg.full(sys)).version).toBe(0);
  });
});

describe('concurrent saves on one system', () => {
  it('are serialised: each gets its own version, none is lost', async () => {
    const sys = await mg.createSystem();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        mg.batch(sys, { creates: [{ local_id: 'x', type: 'COMPONENT', name: `Racer ${i}` }] }),
      ),
    );
    const versions = results.map((res) => ok(res).version).sort((a, b) => a - b);
    expect(versions).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

    const graph = await mg.full(sys);
    expect(graph.version).toBe(10);
    expect(graph.entities.map((e) => e.name).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `Racer ${i}`).sort(),
    );
    const changes = await mg.changes(sys);
    expect(changes.items.map((c) => c.version)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(changes.items.flatMap((c) => c.entities.created).sort()).toEqual(
      graph.entities.map((e) => e.uuid).sort(),
    );
    for (const c of changes.items) expect(c.entities.created).toHaveLength(1);
  });

  it('with the same base_version: exactly one succeeds, the others get 409 with the new version', async () => {
    const sys = await mg.createSystem();
    await mg.save(sys, {});
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        mg.batch(sys, {
          base_version: 1,
          creates: [{ local_id: 'x', type: 'COMPONENT', name: `Contender ${i}` }],
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    for (const res of results.filter((r) => r.status === 409)) {
      expect(expectProblem(res, 409)).toMatchObject({
        type: 'urn:hwa:problem:stale_base_version',
        current_version: 2,
      });
    }
    const graph = await mg.full(sys);
    expect(graph.version).toBe(2);
    expect(graph.entities).toHaveLength(1);
    expect((await mg.changes(sys)).count).toBe(2);
  });

  it('on different systems do not interfere', async () => {
    const [a, b] = [await mg.createSystem(), await mg.createSystem()];
    const results = await Promise.all(
      [a, b, a, b, a, b].map((s, i) =>
        mg.save(s, { creates: [{ local_id: 'x', type: 'SIGNAL', name: `S${i}` }] }),
      ),
    );
    expect(results.map((r) => r.version).sort()).toEqual([1, 1, 2, 2, 3, 3]);
    expect((await mg.full(a)).entities).toHaveLength(3);
    expect((await mg.full(b)).entities).toHaveLength(3);
  });
});

describe('the change set of a save', () => {
  it('records creates with their generated CONTAINS edges, updates and who saved when', async () => {
    const sys = await mg.createSystem();
    await mg.save(sys, SATELLITE);
    const graph = await mg.full(sys);
    const [change] = (await mg.changes(sys)).items;
    expect(change).toMatchObject({ version: 1, changed_by: 'ann@example.com' });
    expect(change!.changed_at).toMatch(ISO_MS_Z);
    expect(change!.entities.created.sort()).toEqual(graph.entities.map((e) => e.uuid).sort());
    expect(change!.relationships.created.sort()).toEqual(graph.relationships.map((r) => r.uuid).sort());
    expect(change!.entities.updated).toEqual([]);
    expect(change!.relationships.deleted).toEqual([]);

    await mg.save(sys, { updates: [{ id: byName(graph, 'EPS').uuid, name: 'Power' }] }, bob);
    const second = (await mg.changes(sys, 1)).items[0]!;
    expect(second).toMatchObject({
      version: 2,
      changed_by: 'bob@example.com',
      entities: { created: [], updated: [byName(graph, 'EPS').uuid], deleted: [] },
      relationships: { created: [], updated: [], deleted: [] },
    });
  });
});
