// The ids a batch save answers beside the spec's counts, so a script chains calls without reading the
// metagraph back: `entity_ids` maps each created entity's local_id to its uuid, `relationship_ids`
// lists the uuids of the request's relationship_creates in request order.
import { describe, expect, it } from 'vitest';
import { batchSaveApp, SATELLITE, UUID, byName, edges, mg } from '../../../test/batch-save-app.js';
import { expectProblem } from '../../../test/problems.js';
import { LIMITS } from './batch-save.schemas.js';

batchSaveApp();

describe('entity_ids', () => {
  it('maps every created local_id to the uuid the metagraph shows for that entity', async () => {
    const sys = await mg.createSystem();
    const result = await mg.save(sys, SATELLITE);
    const graph = await mg.full(sys);

    const names = Object.fromEntries(SATELLITE.creates.map((c) => [c.local_id, c.name]));
    expect(Object.keys(result.entity_ids).sort()).toEqual(Object.keys(names).sort());
    for (const [localId, uuid] of Object.entries(result.entity_ids)) {
      expect(uuid).toMatch(UUID);
      expect(byName(graph, names[localId]!).uuid).toBe(uuid);
    }
    expect(new Set(Object.values(result.entity_ids)).size).toBe(SATELLITE.creates.length);
  });

  it('lets the next save name the new entities directly', async () => {
    const sys = await mg.createSystem();
    const first = await mg.save(sys, {
      creates: [
        { local_id: 'eps', type: 'SUBSYSTEM', name: 'EPS' },
        { local_id: 'obc', type: 'SUBSYSTEM', name: 'OBC' },
        { local_id: 'bat', type: 'COMPONENT', name: 'Battery', parent_ids: ['eps'] },
      ],
    });
    const { eps, obc, bat } = first.entity_ids;
    const second = await mg.save(sys, {
      base_version: first.version,
      updates: [{ id: bat!, parent_ids: [obc!] }],
      relationship_creates: [{ edge_type: 'DEPENDS_ON', source_id: obc!, target_id: eps! }],
    });
    expect(second.version).toBe(2);
    expect(edges(await mg.full(sys))).toEqual(['CONTAINS OBC->Battery', 'DEPENDS_ON OBC->EPS']);
  });

  it('is {} when the save creates no entity; updated and deleted entities are not listed', async () => {
    const sys = await mg.createSystem();
    const { entity_ids } = await mg.save(sys, SATELLITE);
    const result = await mg.save(sys, {
      updates: [{ id: entity_ids.eps!, name: 'Power' }],
      deletes: [entity_ids.wheel!],
    });
    expect(result).toMatchObject({ entities_updated: 1, entities_deleted: 1 });
    expect(result.entity_ids).toEqual({});
    expect(result.relationship_ids).toEqual([]);
  });

  it('keeps a local_id exactly as sent: case, unicode, a uuid-like text and the longest allowed', async () => {
    const sys = await mg.createSystem();
    const longest = 'l'.repeat(LIMITS.localId);
    const uuidLike = '0192F3A4-0000-7000-8000-00000000000A';
    const localIds = ['Bat', 'bat', 'Ünterbau-1', uuidLike, longest, '__proto__', 'constructor'];
    const result = await mg.save(sys, {
      creates: localIds.map((local_id, i) => ({ local_id, type: 'COMPONENT', name: `Part ${i}` })),
    });
    expect(Object.keys(result.entity_ids).sort()).toEqual([...localIds].sort());
    const graph = await mg.full(sys);
    localIds.forEach((localId, i) =>
      expect(Object.getOwnPropertyDescriptor(result.entity_ids, localId)?.value).toBe(
        byName(graph, `Part ${i}`).uuid,
      ),
    );
  });
});

describe('relationship_ids', () => {
  it('lists the request relationships in request order; the generated CONTAINS edges are not among them', async () => {
    const sys = await mg.createSystem();
    const result = await mg.save(sys, SATELLITE);
    expect(result.relationship_ids).toHaveLength(SATELLITE.relationship_creates.length);
    expect(result.relationships_created).toBe(result.relationship_ids.length);

    for (const [i, wanted] of SATELLITE.relationship_creates.entries()) {
      const relationship = await mg.relationship(sys, result.relationship_ids[i]!);
      expect(relationship).toMatchObject({
        relationship_type: wanted.edge_type,
        source_entity_id: result.entity_ids[wanted.source_id],
        target_entity_id: result.entity_ids[wanted.target_id],
        name: wanted.name ?? '',
      });
    }
    // The generated edges are in the change set, beside the request's own.
    const created = (await mg.changes(sys)).items[0]!.relationships.created;
    expect(created).toEqual(expect.arrayContaining(result.relationship_ids));
    const generated = created.filter((id) => !result.relationship_ids.includes(id));
    expect(generated).toHaveLength(7);
    for (const id of generated) {
      expect((await mg.relationship(sys, id)).relationship_type).toBe('CONTAINS');
    }
  });

  it('holds one id per item, even for two identical relationships', async () => {
    const sys = await mg.createSystem();
    const result = await mg.save(sys, {
      creates: [
        { local_id: 'a', type: 'COMPONENT', name: 'A' },
        { local_id: 'b', type: 'COMPONENT', name: 'B' },
      ],
      relationship_creates: [
        { edge_type: 'CONNECTS', source_id: 'a', target_id: 'b' },
        { edge_type: 'CONNECTS', source_id: 'a', target_id: 'b' },
      ],
    });
    expect(result.relationship_ids).toHaveLength(2);
    expect(result.relationship_ids[0]).not.toBe(result.relationship_ids[1]);
  });
});

describe('a refused save', () => {
  it('answers a problem without ids, and nothing it named exists', async () => {
    const sys = await mg.createSystem();
    const res = await mg.batch(sys, {
      creates: [
        { local_id: 'a', type: 'COMPONENT', name: 'A' },
        { local_id: 'b', type: 'COMPONENT', name: 'B', parent_ids: ['missing'] },
      ],
    });
    const problem = expectProblem(res, 400, ['body.creates[1].parent_ids[0]']);
    expect(problem).not.toHaveProperty('entity_ids');
    expect((await mg.full(sys)).entities).toEqual([]);
  });
});
