// Rejections are remembered per system: a later metagraph_update over the same documents does not
// propose a rejected entity, relationship or update again, until DELETE .../proposals/rejections
// forgets them. Runs on PGlite and PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExtractedModel } from '../../analysis/extract/types.js';
import { ok, type TestUser } from '../../../test/helpers.js';
import { byName, metagraphTestApp, type MetagraphClient } from '../../../test/metagraph-helpers.js';
import { expectProblem } from '../../../test/problems.js';
import { FakeDocuments, proposed, runMetagraphUpdate } from '../../../test/proposal-helpers.js';
import type { Proposals } from './proposals.schemas.js';

const docs = new FakeDocuments();
let ann: TestUser;
let mg: MetagraphClient;

beforeAll(async () => {
  ({ ann, mg } = await metagraphTestApp({ jobTypes: [docs.type], env: { HWA_WORKER_SHUTDOWN_GRACE: '0' } }));
});

/** An assembly containing a power supply (alias PSU, external id PS1) that provides a transceiver. */
const RADIO: ExtractedModel = {
  entities: [
    proposed('Radio Assembly', { entityType: 'SUBSYSTEM' }),
    proposed('Power Supply', { parentKey: 'radio assembly', aliases: ['PSU'], externalId: 'PS1' }),
    proposed('Transceiver', { parentKey: 'radio assembly' }),
  ],
  relationships: [
    {
      sourceKey: 'power supply',
      targetKey: 'transceiver',
      relationshipType: 'PROVIDES',
      properties: {},
      provenance: [{ documentName: 'icd.md', location: {}, extractor: 'prose' }],
    },
  ],
};

const list = async (sys: string) =>
  ok(await ann.call<Proposals>('GET', `/systems/${sys}/metagraph/proposals`));
const reject = async (sys: string, body: unknown) =>
  ok(await ann.call('POST', `/systems/${sys}/metagraph/proposals/reject`, body));
const names = (p: Proposals) => p.runs.flatMap((g) => g.entities.map((e) => e.name)).sort();
const edgesOf = (p: Proposals) => {
  const all = p.runs.flatMap((g) => g.entities);
  return p.runs
    .flatMap((g) => g.relationships)
    .map((r) => {
      const name = (id: string) => all.find((e) => e.uuid === id)?.name ?? id;
      return `${r.relationship_type} ${name(r.source_entity_id)}->${name(r.target_entity_id)}`;
    })
    .sort();
};

async function proposedSystem(model = RADIO) {
  const sys = await mg.createSystem();
  docs.set(sys, { name: 'bom.csv', model });
  const run = await runMetagraphUpdate(ann, sys);
  return { sys, run: run.uuid, list: await list(sys) };
}

describe('remembered rejections', () => {
  it('does not propose a rejected entity again, nor the relationships that need it', async () => {
    const { sys, list: first } = await proposedSystem();
    expect(first.rejected_count).toBe(0);
    const psu = first.runs[0]!.entities.find((e) => e.name === 'Power Supply')!;
    await reject(sys, { ids: [psu.uuid] });
    const again = await runMetagraphUpdate(ann, sys);
    expect(again.output_references).toEqual([]);
    const after = await list(sys);
    expect(names(after)).toEqual(['Radio Assembly', 'Transceiver']);
    expect(edgesOf(after)).toEqual(['CONTAINS Radio Assembly->Transceiver']);
    // Its name, its alias and its external id are remembered.
    expect(after.rejected_count).toBe(3);

    // Another document naming it by alias or by external id: still the rejected power supply.
    docs.set(sys, {
      name: 'netlist.net',
      model: {
        entities: [proposed('psu'), proposed('Main Regulator', { externalId: 'PS1' })],
        relationships: [],
      },
    });
    expect((await runMetagraphUpdate(ann, sys)).output_references).toEqual([]);
  });

  it('does not propose a rejected relationship again, and keeps its ends proposable', async () => {
    const { sys, list: first } = await proposedSystem();
    const provides = first.runs[0]!.relationships.find((r) => r.relationship_type === 'PROVIDES')!;
    await reject(sys, { ids: [provides.uuid] });
    expect((await runMetagraphUpdate(ann, sys)).output_references).toEqual([]);
    const after = await list(sys);
    expect(names(after)).toEqual(['Power Supply', 'Radio Assembly', 'Transceiver']);
    expect(edgesOf(after)).toEqual([
      'CONTAINS Radio Assembly->Power Supply',
      'CONTAINS Radio Assembly->Transceiver',
    ]);
  });

  it('proposes nothing again after a whole run is rejected, on this system only', async () => {
    const { sys, run } = await proposedSystem();
    await reject(sys, { job_run_id: run });
    expect((await runMetagraphUpdate(ann, sys)).output_references).toEqual([]);
    expect((await list(sys)).count).toBe(0);
    // The same documents on another system: nothing remembered there.
    const other = await proposedSystem();
    expect(other.list.count).toBe(6);
  });

  it('uses an entity created by hand under a rejected name, as any approved entity', async () => {
    const { sys, list: first } = await proposedSystem();
    await reject(sys, { ids: [first.runs[0]!.entities.find((e) => e.name === 'Power Supply')!.uuid] });
    await mg.save(sys, { creates: [{ local_id: 'p', type: 'COMPONENT', name: 'Power Supply' }] });
    await runMetagraphUpdate(ann, sys);
    const psu = byName(await mg.full(sys), 'Power Supply').uuid;
    const after = await list(sys);
    // The PROVIDES from the hand-made entity is proposed; no second Power Supply (only an update
    // proposal for the hand-made one: the documents give it an alias and an external id).
    const fresh = after.runs.flatMap((g) => g.entities).filter((e) => e.updates_entity_id === null);
    expect(fresh.map((e) => e.name).sort()).toEqual(['Radio Assembly', 'Transceiver']);
    expect(after.runs.flatMap((g) => g.entities).find((e) => e.updates_entity_id)?.updates_entity_id).toBe(
      psu,
    );
    const provides = after.runs
      .flatMap((g) => g.relationships)
      .find((r) => r.relationship_type === 'PROVIDES');
    expect(provides?.source_entity_id).toBe(psu);
  });

  it('does not propose a rejected update again, but a different one', async () => {
    const { sys, run } = await proposedSystem();
    ok(await ann.call('POST', `/systems/${sys}/metagraph/proposals/approve`, { job_run_id: run }));
    const changed = (voltage: string): ExtractedModel => ({
      entities: [proposed('Power Supply', { properties: { voltage } })],
      relationships: [],
    });
    docs.set(sys, { name: 'rev-b.csv', model: changed('12 V') });
    const update = await runMetagraphUpdate(ann, sys);
    expect(update.output_references).toHaveLength(1);
    await reject(sys, { job_run_id: update.uuid });
    expect((await runMetagraphUpdate(ann, sys)).output_references).toEqual([]);
    docs.set(sys, { name: 'rev-c.csv', model: changed('24 V') });
    expect((await runMetagraphUpdate(ann, sys)).output_references).toHaveLength(1);
  });

  it('forgets every rejection of a system on DELETE .../proposals/rejections, then proposes again', async () => {
    const { sys, run } = await proposedSystem();
    await reject(sys, { job_run_id: run });
    expect((await list(sys)).rejected_count).toBeGreaterThan(0);
    const forgot = await ann.call('DELETE', `/systems/${sys}/metagraph/proposals/rejections`);
    expect(forgot.status).toBe(204);
    expect((await list(sys)).rejected_count).toBe(0);
    await runMetagraphUpdate(ann, sys);
    expect((await list(sys)).count).toBe(6);
    expectProblem(
      await ann.call(
        'DELETE',
        '/systems/0190d2c4-0000-7000-8000-000000000000/metagraph/proposals/rejections',
      ),
      404,
    );
  });
});
