// metagraph_update proposals end to end: the real job handler (documents and extractor injected), the
// matcher and writer, and the review routes. Runs on PGlite and PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Analyst, CompletionRequest } from '../../analysis/analyst.js';
import type { ExtractedModel } from '../../analysis/extract/types.js';
import { ok } from '../../../test/helpers.js';
import { byName, edges, metagraphTestApp, type MetagraphClient } from '../../../test/metagraph-helpers.js';
import { expectProblem } from '../../../test/problems.js';
import { FakeDocuments, proposed, runMetagraphUpdate } from '../../../test/proposal-helpers.js';
import type { TestUser } from '../../../test/helpers.js';
import type { Entity, Relationship } from './metagraph.schemas.js';
import type { ApproveResult, Proposals, RejectResult } from './proposals.schemas.js';

const docs = new FakeDocuments();
let ann: TestUser;
let mg: MetagraphClient;

/**
 * A model that answers only runs whose additional_context names a reply here (the others get the
 * built-in's available:false), so one app serves both kinds of run.
 */
const LLM_REPLIES: Record<string, unknown> = {
  'LLM-VALID': {
    entities: [
      { name: 'Antenna', entity_type: 'COMPONENT', parent: 'Radio Assembly', document: 'bom.csv' },
      { name: 'Transceiver', entity_type: 'COMPONENT' },
    ],
    relationships: [
      { source: 'Antenna', target: 'Transceiver', relationship_type: 'CONNECTS' },
      { source: 'Antenna', target: 'Nowhere', relationship_type: 'CONNECTS' },
    ],
  },
  'LLM-INVALID': {
    entities: [{ name: 'Antenna', entity_type: 'GADGET' }],
    relationships: [],
  },
};
const analyst: Analyst = {
  kind: 'openai',
  complete(request: CompletionRequest) {
    const marker = Object.keys(LLM_REPLIES).find((m) => request.messages[0]!.content.includes(m));
    if (!marker) return Promise.resolve({ available: false, reason: 'not asked' });
    const json = LLM_REPLIES[marker];
    const usage = { model: 'fake', inputTokens: 10, outputTokens: 10, durationMs: 1 };
    return Promise.resolve({ available: true, text: JSON.stringify(json), json, usage });
  },
};

beforeAll(async () => {
  ({ ann, mg } = await metagraphTestApp({
    analyst,
    jobTypes: [docs.type],
    env: { HWA_WORKER_SHUTDOWN_GRACE: '0' },
  }));
});

/** A radio: an assembly containing a power supply (5 V, alias PSU) that provides a transceiver. */
const RADIO: ExtractedModel = {
  entities: [
    proposed('Radio Assembly', { entityType: 'SUBSYSTEM', externalId: 'A100', row: 2 }),
    proposed('Power Supply', {
      parentKey: 'radio assembly',
      aliases: ['PSU'],
      properties: { voltage: '5 V' },
      row: 3,
    }),
    proposed('Transceiver', { parentKey: 'radio assembly', externalId: 'U1', row: 4 }),
  ],
  relationships: [
    {
      sourceKey: 'power supply',
      targetKey: 'transceiver',
      relationshipType: 'PROVIDES',
      properties: { signal: '5V_RAIL' },
      provenance: [{ documentName: 'icd.md', location: { section: 'Power', line: 12 }, extractor: 'prose' }],
    },
  ],
};

const proposals = async (sys: string, query?: Record<string, string>) =>
  ok(await ann.call<Proposals>('GET', `/systems/${sys}/metagraph/proposals`, undefined, { query }));
const approve = (sys: string, body: unknown) =>
  ann.call<ApproveResult>('POST', `/systems/${sys}/metagraph/proposals/approve`, body);
const reject = (sys: string, body: unknown) =>
  ann.call<RejectResult>('POST', `/systems/${sys}/metagraph/proposals/reject`, body);
const entities = async (sys: string, includePending: boolean) =>
  ok(await ann.call<Entity[]>('GET', `/systems/${sys}/entities?include_pending=${includePending}`));
const relationships = async (sys: string, includePending: boolean) =>
  ok(
    await ann.call<Relationship[]>('GET', `/systems/${sys}/relationships?include_pending=${includePending}`),
  );

/** A system whose documents yield `model`, with one run over them done. */
async function proposedSystem(model = RADIO) {
  const sys = await mg.createSystem();
  docs.set(sys, { name: 'bom.csv', model });
  const run = await runMetagraphUpdate(ann, sys);
  return { sys, run };
}

describe('metagraph_update', () => {
  it('writes pending entities and relationships that reads hide unless include_pending=true', async () => {
    const { sys, run } = await proposedSystem();
    expect((await mg.full(sys)).entities).toEqual([]);
    expect(await entities(sys, false)).toEqual([]);
    expect(await relationships(sys, false)).toEqual([]);
    const pending = await entities(sys, true);
    expect(pending.map((e) => e.name).sort()).toEqual(['Power Supply', 'Radio Assembly', 'Transceiver']);
    expect(pending.every((e) => e.is_pending && e.created_by === 'Assistant')).toBe(true);
    expect(byName({ entities: pending }, 'Transceiver').external_id).toBe('U1');
    // Two CONTAINS from the BOM's structure and the PROVIDES from the prose.
    expect((await relationships(sys, true)).map((r) => r.relationship_type).sort()).toEqual([
      'CONTAINS',
      'CONTAINS',
      'PROVIDES',
    ]);
    // The run names each proposal, and the version did not move.
    expect(run.output_references.filter((r) => r.type === 'entity')).toHaveLength(3);
    expect(run.output_references.filter((r) => r.type === 'relationship')).toHaveLength(3);
    expect(run.progress.pct).toBe(100);
    expect((await mg.full(sys)).version).toBe(0);
  });

  it('finds the system by name too', async () => {
    const sys = await mg.createSystem('Named Radio For Proposals');
    docs.set(sys, { name: 'bom.csv', model: RADIO });
    await runMetagraphUpdate(ann, 'named radio for proposals');
    expect(await entities(sys, true)).toHaveLength(3);
  });

  it('lists proposals by run with their provenance: document, location and extractor', async () => {
    const { sys, run } = await proposedSystem();
    const list = await proposals(sys);
    expect(list).toMatchObject({ system_id: sys, entity_count: 3, relationship_count: 3 });
    expect(list.runs.map((g) => g.job_run_id)).toEqual([run.uuid]);
    const psu = list.runs[0]!.entities.find((e) => e.name === 'Power Supply')!;
    expect(psu.provenance).toEqual([
      { document_id: null, document_name: 'bom.csv', location: { table: 0, row: 3 }, extractor: 'bom_table' },
    ]);
    expect(psu.attributes).toContainEqual({ key: 'aliases', value: 'PSU' });
    expect(psu.attributes).toContainEqual({ key: 'provenance.job_run_id', value: run.uuid });
    expect(psu.parent_ids).toEqual([list.runs[0]!.entities.find((e) => e.name === 'Radio Assembly')!.uuid]);
    const provides = list.runs[0]!.relationships.find((r) => r.relationship_type === 'PROVIDES')!;
    expect(provides.provenance[0]).toMatchObject({ document_name: 'icd.md', extractor: 'prose' });
    expect(provides.provenance[0]!.location).toEqual({ section: 'Power', line: 12 });
  });

  it('adds nothing on a second run over the same documents', async () => {
    const { sys } = await proposedSystem();
    const before = await proposals(sys);
    const second = await runMetagraphUpdate(ann, sys);
    expect(second.output_references).toEqual([]);
    const after = await proposals(sys);
    expect(after.entity_count).toBe(3);
    expect(after.relationship_count).toBe(3);
    expect(after.runs).toEqual(before.runs);
  });

  it('adds nothing after approval either, and never a duplicate of an approved entity', async () => {
    const { sys, run } = await proposedSystem();
    ok(await approve(sys, { job_run_id: run.uuid }));
    const again = await runMetagraphUpdate(ann, sys);
    expect(again.output_references).toEqual([]);
    expect((await entities(sys, true)).map((e) => e.name).sort()).toEqual([
      'Power Supply',
      'Radio Assembly',
      'Transceiver',
    ]);
  });

  it('matches an approved entity by alias and by external_id', async () => {
    const sys = await mg.createSystem();
    await mg.save(sys, { creates: [{ local_id: 'p', type: 'COMPONENT', name: 'PSU' }] });
    const { run } = await (async () => {
      docs.set(sys, { name: 'bom.csv', model: RADIO });
      return { run: await runMetagraphUpdate(ann, sys) };
    })();
    const names = (await entities(sys, true)).filter(
      (e) => !e.attributes.some((a) => a.key === 'proposal.updates_entity_id'),
    );
    // "Power Supply" (alias PSU) is the approved PSU: not proposed again.
    expect(names.map((e) => e.name).sort()).toEqual(['PSU', 'Radio Assembly', 'Transceiver']);
    ok(await approve(sys, { job_run_id: run.uuid }));
    // A later document naming U1 differently is still the transceiver.
    docs.set(sys, {
      name: 'netlist.net',
      model: { entities: [proposed('RF Transceiver IC', { externalId: 'U1' })], relationships: [] },
    });
    const next = await runMetagraphUpdate(ann, sys);
    expect(next.output_references).toEqual([]);
  });

  it('never changes approved data: a changed property becomes an update proposal', async () => {
    const { sys, run } = await proposedSystem();
    ok(await approve(sys, { job_run_id: run.uuid }));
    const approved = await mg.full(sys);
    const psu = byName(approved, 'Power Supply');
    const changed: ExtractedModel = {
      entities: [proposed('Power Supply', { properties: { voltage: '3.3 V', current: '2 A' }, row: 9 })],
      relationships: [],
    };
    docs.set(sys, { name: 'bom-rev-b.csv', model: changed });
    const update = await runMetagraphUpdate(ann, sys);
    expect(await mg.full(sys)).toEqual(approved);
    const list = await proposals(sys);
    expect(list.entity_count).toBe(1);
    const proposal = list.runs[0]!.entities[0]!;
    expect(proposal).toMatchObject({ name: 'Power Supply', updates_entity_id: psu.uuid });
    expect(proposal.attributes.filter((a) => !a.key.startsWith('provenance.'))).toEqual([
      { key: 'current', value: '2 A' },
      { key: 'proposal.updates_entity_id', value: psu.uuid },
      { key: 'voltage', value: '3.3 V' },
    ]);
    // The same documents again: the same update already waits.
    expect((await runMetagraphUpdate(ann, sys)).output_references).toEqual([]);

    const result = ok(await approve(sys, { job_run_id: update.uuid }));
    expect(result).toEqual({
      version: 2,
      entities_approved: [],
      entities_updated: [psu.uuid],
      relationships_approved: [],
    });
    const after = await mg.entity(sys, psu.uuid);
    expect(after.attributes).toContainEqual({ key: 'voltage', value: '3.3 V' });
    expect(after.attributes).toContainEqual({ key: 'current', value: '2 A' });
    expect((await mg.full(sys)).entities).toHaveLength(3);
    expect((await mg.changes(sys, 1)).items[0]!.entities.updated).toEqual([psu.uuid]);
    expect((await proposals(sys)).entity_count).toBe(0);
  });

  it('adds what the language model proposes when its answer fits the schema, with llm provenance', async () => {
    const sys = await mg.createSystem();
    docs.set(sys, { name: 'bom.csv', model: RADIO });
    const run = await runMetagraphUpdate(ann, sys, { additional_context: 'LLM-VALID' });
    expect(run.llm_usage).toHaveLength(1);
    const list = await proposals(sys);
    const antenna = list.runs[0]!.entities.find((e) => e.name === 'Antenna')!;
    expect(antenna.provenance).toEqual([
      { document_id: expect.any(String), document_name: 'bom.csv', location: {}, extractor: 'llm' },
    ]);
    // Transceiver was already extracted: not proposed twice. The edge to an unknown entity is dropped.
    expect(list.entity_count).toBe(4);
    expect(list.runs[0]!.relationships.map((r) => r.relationship_type).sort()).toEqual([
      'CONNECTS',
      'CONTAINS',
      'CONTAINS',
      'CONTAINS',
      'PROVIDES',
    ]);
    expect(antenna.parent_ids).toEqual([
      list.runs[0]!.entities.find((e) => e.name === 'Radio Assembly')!.uuid,
    ]);
  });

  it('ignores an answer of the language model that breaks the schema', async () => {
    const sys = await mg.createSystem();
    docs.set(sys, { name: 'bom.csv', model: RADIO });
    const run = await runMetagraphUpdate(ann, sys, { additional_context: 'LLM-INVALID' });
    expect(run.llm_usage).toHaveLength(1);
    expect((await proposals(sys)).entity_count).toBe(3);
  });

  it('reads only the documents named in document_ids', async () => {
    const sys = await mg.createSystem();
    docs.set(
      sys,
      { name: 'bom.csv', model: RADIO },
      {
        name: 'other.csv',
        model: { entities: [proposed('Battery', { document: 'other.csv' })], relationships: [] },
      },
    );
    const second = '00000000-0000-7000-8000-000000000002';
    await runMetagraphUpdate(ann, sys, { document_ids: [second] });
    expect(docs.reads.at(-1)).toEqual({ systemId: sys, documentIds: [second] });
    expect((await entities(sys, true)).map((e) => e.name)).toEqual(['Battery']);
  });
});

describe('approving proposals', () => {
  it('approves a whole run as one version with its change set', async () => {
    const { sys, run } = await proposedSystem();
    const pending = await entities(sys, true);
    const pendingRels = await relationships(sys, true);
    const result = ok(await approve(sys, { job_run_id: run.uuid }));
    expect(result.version).toBe(1);
    expect(result.entities_approved.sort()).toEqual(pending.map((e) => e.uuid).sort());
    expect(result.relationships_approved.sort()).toEqual(pendingRels.map((r) => r.uuid).sort());
    const graph = await mg.full(sys);
    expect(graph.version).toBe(1);
    expect(graph.entities.every((e) => !e.is_pending)).toBe(true);
    expect(edges(graph)).toEqual([
      'CONTAINS Radio Assembly->Power Supply',
      'CONTAINS Radio Assembly->Transceiver',
      'PROVIDES Power Supply->Transceiver',
    ]);
    const changes = await mg.changes(sys);
    expect(changes.count).toBe(1);
    expect(changes.items[0]).toMatchObject({ version: 1, changed_by: ann.email });
    expect(changes.items[0]!.entities.created.sort()).toEqual(result.entities_approved.sort());
    expect(changes.items[0]!.relationships.created.sort()).toEqual(result.relationships_approved.sort());
    // Provenance stays on the approved entity.
    expect(byName(graph, 'Power Supply').attributes.map((a) => a.key)).toContain('provenance.sources');
    expect((await proposals(sys)).runs).toEqual([]);
  });

  it('approves the pending parent chain of an entity, and leaves the rest pending', async () => {
    const { sys } = await proposedSystem();
    const transceiver = byName({ entities: await entities(sys, true) }, 'Transceiver');
    const result = ok(await approve(sys, { ids: [transceiver.uuid] }));
    const graph = await mg.full(sys);
    expect(graph.entities.map((e) => e.name).sort()).toEqual(['Radio Assembly', 'Transceiver']);
    expect(edges(graph)).toEqual(['CONTAINS Radio Assembly->Transceiver']);
    expect(result.entities_approved).toHaveLength(2);
    expect(result.relationships_approved).toHaveLength(1);
    const left = await proposals(sys);
    expect(left.entity_count).toBe(1);
    expect(left.relationship_count).toBe(2);
  });

  it('approves the pending ends of an approved relationship', async () => {
    const { sys } = await proposedSystem();
    const provides = (await relationships(sys, true)).find((r) => r.relationship_type === 'PROVIDES')!;
    ok(await approve(sys, { ids: [provides.uuid] }));
    expect(edges(await mg.full(sys))).toEqual([
      'CONTAINS Radio Assembly->Power Supply',
      'CONTAINS Radio Assembly->Transceiver',
      'PROVIDES Power Supply->Transceiver',
    ]);
  });

  it('refuses ids that are not pending proposals, a body with both or neither selector, and an empty run', async () => {
    const { sys, run } = await proposedSystem();
    const other = await mg.createSystem();
    const [e] = await entities(sys, true);
    expectProblem(await approve(other, { ids: [e!.uuid] }), 400, ['body.ids[0]']);
    expectProblem(await approve(sys, { ids: [e!.uuid], job_run_id: run.uuid }), 400, ['body']);
    expectProblem(await approve(sys, {}), 400, ['body']);
    expectProblem(await approve(other, { job_run_id: run.uuid }), 409);
    expectProblem(await approve('00000000-0000-7000-8000-000000000000', { job_run_id: run.uuid }), 404);
    // Nothing changed.
    expect((await mg.full(sys)).version).toBe(0);
    expect((await proposals(sys)).entity_count).toBe(3);
  });
});

describe('pending CONTAINS proposals and the approved tree', () => {
  it('are not parents to a batch save, and are refused at approval when they would close a cycle', async () => {
    const sys = await mg.createSystem();
    await mg.save(sys, {
      creates: [
        { local_id: 'a', type: 'SUBSYSTEM', name: 'Alpha' },
        { local_id: 'b', type: 'SUBSYSTEM', name: 'Bravo' },
      ],
    });
    // The documents say Bravo contains Alpha: a pending CONTAINS between two approved entities.
    docs.set(sys, {
      name: 'bom.csv',
      model: { entities: [proposed('Bravo'), proposed('Alpha', { parentKey: 'bravo' })], relationships: [] },
    });
    const run = await runMetagraphUpdate(ann, sys);
    expect(run.output_references.map((r) => r.type)).toEqual(['relationship']);
    // Meanwhile someone puts Bravo under Alpha: the pending edge neither blocks nor is removed.
    const graph = await mg.full(sys);
    const alpha = byName(graph, 'Alpha').uuid;
    const bravo = byName(graph, 'Bravo').uuid;
    await mg.save(sys, { updates: [{ id: bravo, parent_ids: [alpha] }] });
    expect((await proposals(sys)).relationship_count).toBe(1);
    const refused = expectProblem(await approve(sys, { job_run_id: run.uuid }), 409);
    expect(refused.detail).toMatch(/CONTAINS cycle/);
    expect(edges(await mg.full(sys))).toEqual(['CONTAINS Alpha->Bravo']);
    expect((await mg.full(sys)).version).toBe(2);
  });
});

describe('rejecting proposals', () => {
  it('removes the proposals and the pending relationships touching them, without a new version', async () => {
    const { sys } = await proposedSystem();
    const psu = byName({ entities: await entities(sys, true) }, 'Power Supply');
    const result = ok(await reject(sys, { ids: [psu.uuid] }));
    expect(result.entities_rejected).toEqual([psu.uuid]);
    // Its CONTAINS from the assembly and its PROVIDES to the transceiver.
    expect(result.relationships_rejected).toHaveLength(2);
    expect((await entities(sys, true)).map((e) => e.name).sort()).toEqual(['Radio Assembly', 'Transceiver']);
    expect((await relationships(sys, true)).map((r) => r.relationship_type)).toEqual(['CONTAINS']);
    expect((await mg.full(sys)).version).toBe(0);
    expect((await mg.changes(sys)).count).toBe(0);
  });

  it('rejects all of a run', async () => {
    const { sys, run } = await proposedSystem();
    const result = ok(await reject(sys, { job_run_id: run.uuid }));
    expect(result.entities_rejected).toHaveLength(3);
    expect(result.relationships_rejected).toHaveLength(3);
    expect((await proposals(sys)).runs).toEqual([]);
    expect(await entities(sys, true)).toEqual([]);
    expectProblem(await reject(sys, { job_run_id: run.uuid }), 409);
  });
});
