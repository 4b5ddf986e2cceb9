// The production metagraph_update on real uploads: documents read by the readers (h-documents), the
// built-in extractor (h-extract), proposals written with provenance that names the uploaded documents,
// hidden until approved, and nothing added by a second run. Runs on PGlite and PostgreSQL.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ISO_MS_Z, ok, type TestUser } from '../../../test/helpers.js';
import { metagraphTestApp, type MetagraphClient } from '../../../test/metagraph-helpers.js';
import { multipart } from '../../../test/multipart.js';
import { waitForRun } from '../../../test/job-types.js';
import { runMetagraphUpdate } from '../../../test/proposal-helpers.js';
import type { Page } from '../../core/schemas.js';
import type { DocumentItem, UploadResult } from '../documents/documents.schemas.js';
import type { JobRun, JobSchemaEntry } from '../jobs/jobs.schemas.js';
import type { Entity } from './metagraph.schemas.js';
import type { ApproveResult, Proposals } from './proposals.schemas.js';

const FIXTURES = path.join(import.meta.dirname, '../../../test/fixtures/extraction/kestrel-eps');
const FILES = ['eps-bom.csv', 'eps.net', 'eps-icd.md'];

let ann: TestUser;
let mg: MetagraphClient;

beforeAll(async () => {
  ({ ann, mg } = await metagraphTestApp({ env: { HWA_WORKER_SHUTDOWN_GRACE: '0' } }));
});

async function uploadFixtures(): Promise<string> {
  const body = multipart(
    FILES.map((name) => ({ name, body: fs.readFileSync(path.join(FIXTURES, name)), field: 'file' })),
  );
  const answer = ok(
    await ann.call<UploadResult>('POST', '/systems/upload_document', undefined, {
      raw: body.payload,
      headers: body.headers,
    }),
    201,
  );
  expect(answer.successful).toBe(FILES.length);
  return answer.system_id;
}

const proposals = async (sys: string) =>
  ok(await ann.call<Proposals>('GET', `/systems/${sys}/metagraph/proposals`));

describe('metagraph_update on uploaded documents', () => {
  it('is registered with the config the spec gives, plus document_ids', async () => {
    const entries = ok(await ann.call<JobSchemaEntry[]>('GET', '/jobs/schemas'));
    const entry = entries.find((e) => e.job_type === 'metagraph_update')!;
    expect(entry.json_schema).toMatchObject({
      required: ['job_type', 'system_id_or_name'],
      additionalProperties: false,
    });
    expect(Object.keys(entry.json_schema.properties as object).sort()).toEqual([
      'additional_context',
      'document_ids',
      'job_type',
      'system_id_or_name',
    ]);
    expect(entry.creatable_on_ui).toBe(true);
  });

  it('fails a run on a system that does not exist, saying so', async () => {
    const config = { job_type: 'metagraph_update', system_id_or_name: 'No Such System Anywhere' };
    const job = ok(
      await ann.call<{ uuid: string }>('POST', '/jobs', { job_type: 'metagraph_update', config }),
      201,
    );
    const run = ok(await ann.call<JobRun>('POST', '/job-runs', { job_id: job.uuid }), 201);
    const ended = await waitForRun(ann, run.uuid, (r) => r.status === 'failed' || r.status === 'completed');
    expect(ended.status).toBe('failed');
    expect(ended.error?.message).toMatch(/No Such System Anywhere/);
  });

  it('proposes from a BOM, a netlist and an ICD with provenance, hidden until approved, once', async () => {
    const sys = await uploadFixtures();
    const documents = ok(await ann.call<Page<DocumentItem>>('GET', `/systems/${sys}/documents`)).items;
    const run = await runMetagraphUpdate(ann, sys, {}, 'metagraph_update');

    const list = await proposals(sys);
    expect(list.runs.map((g) => g.job_run_id)).toEqual([run.uuid]);
    expect(list.entity_count).toBeGreaterThan(5);
    expect(list.relationship_count).toBeGreaterThan(3);
    expect(run.output_references).toHaveLength(list.entity_count + list.relationship_count);
    // Every proposal says which uploaded document it came from, where, and which extractor found it.
    const docIds = new Set(documents.map((d) => d.document_id));
    const items = [...list.runs[0]!.entities, ...list.runs[0]!.relationships];
    for (const item of items) {
      expect(item.provenance.length, JSON.stringify(item)).toBeGreaterThan(0);
      for (const p of item.provenance) {
        expect(docIds.has(p.document_id!), JSON.stringify(p)).toBe(true);
        expect(FILES).toContain(p.document_name);
        expect(p.extractor).not.toBe('');
      }
    }
    expect(new Set(items.flatMap((i) => i.provenance.map((p) => p.document_name)))).toEqual(new Set(FILES));
    expect((await mg.full(sys)).entities).toEqual([]);

    const again = await runMetagraphUpdate(ann, sys, {}, 'metagraph_update');
    expect(again.output_references).toEqual([]);
    expect((await proposals(sys)).entity_count).toBe(list.entity_count);

    const approved = ok(
      await ann.call<ApproveResult>('POST', `/systems/${sys}/metagraph/proposals/approve`, {
        job_run_id: run.uuid,
      }),
    );
    expect(approved.version).toBe(1);
    const graph = await mg.full(sys);
    expect(graph.entities).toHaveLength(list.entity_count);
    expect(graph.relationships).toHaveLength(list.relationship_count);

    // After approval, the same documents propose nothing new, and approved data is left alone.
    const third = await runMetagraphUpdate(ann, sys, {}, 'metagraph_update');
    expect(third.output_references).toEqual([]);
    expect(await mg.full(sys)).toEqual(graph);
    expect(ok(await ann.call<Entity[]>('GET', `/systems/${sys}/entities?include_pending=true`))).toHaveLength(
      list.entity_count,
    );
  });

  it('keeps what a deleted document proposed, pending and approved, with provenance saying its source is gone', async () => {
    const sys = await uploadFixtures();
    const documents = ok(await ann.call<Page<DocumentItem>>('GET', `/systems/${sys}/documents`)).items;
    const bom = documents.find((d) => d.name === 'eps-bom.csv')!;
    await runMetagraphUpdate(ann, sys, {}, 'metagraph_update');
    const before = await proposals(sys);
    const cites = (item: { provenance: { document_id: string | null }[] }) =>
      item.provenance.some((p) => p.document_id === bom.document_id);
    // Approve one entity the BOM proposed (with its parent chain): approved items are marked too.
    const fromBom = before.runs[0]!.entities.find(cites)!;
    const approved = ok(
      await ann.call<ApproveResult>('POST', `/systems/${sys}/metagraph/proposals/approve`, {
        ids: [fromBom.uuid],
      }),
    );
    const version = (await mg.full(sys)).version;

    expect((await ann.call('DELETE', `/systems/${sys}/documents/${bom.document_id}`)).status).toBe(204);

    const after = await proposals(sys);
    expect(after.count).toBe(
      before.count - approved.entities_approved.length - approved.relationships_approved.length,
    );
    const items = [...after.runs[0]!.entities, ...after.runs[0]!.relationships];
    expect(items.filter(cites).length).toBeGreaterThan(0);
    for (const item of items) {
      for (const p of item.provenance) {
        if (p.document_id === bom.document_id) {
          expect(p).toMatchObject({ document_name: 'eps-bom.csv', source_deleted: true });
          expect(p.source_deleted_at).toMatch(ISO_MS_Z);
        } else {
          expect(p.source_deleted, JSON.stringify(p)).toBeUndefined();
        }
      }
    }
    // The approved entity stays approved, its stored provenance marked; the version did not move.
    const entity = await mg.entity(sys, fromBom.uuid);
    expect(entity.is_pending).toBe(false);
    const stored = JSON.parse(entity.attributes.find((a) => a.key === 'provenance.sources')!.value) as {
      document_id: string;
      source_deleted?: boolean;
    }[];
    expect(stored.filter((p) => p.document_id === bom.document_id).every((p) => p.source_deleted)).toBe(true);
    expect((await mg.full(sys)).version).toBe(version);
    // Proposals that only other documents cited are untouched, and approving a marked one still works.
    const marked = items.find(cites)!;
    ok(await ann.call('POST', `/systems/${sys}/metagraph/proposals/approve`, { ids: [marked.uuid] }));
  });
});
