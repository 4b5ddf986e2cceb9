// Documents as a client uses them: upload (per-file failure, no file, a new system named after the
// first file), list, get, delete, the embedding run to completion, search by meaning, and the limits.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { UUID, ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { waitForRun } from '../../../test/job-types.js';
import { field, multipart, type FilePart } from '../../../test/multipart.js';
import { expectProblem } from '../../../test/problems.js';
import type { Page } from '../../core/schemas.js';
import type { JobRun } from '../jobs/jobs.schemas.js';
import type { System } from '../systems/systems.schemas.js';
import type { DocumentDetail, DocumentItem, SearchResult, UploadResult } from './documents.schemas.js';

const doc = (name: string, body: string | Buffer): FilePart => ({ name, body, field: 'file' });

function upload(user: TestUser, parts: FilePart[], systemId?: string) {
  const body = multipart(parts);
  return user.call<UploadResult>('POST', '/systems/upload_document', undefined, {
    raw: body.payload,
    headers: body.headers,
    ...(systemId ? { query: { system_id: systemId } } : {}),
  });
}

const BOM = 'Ref,Qty,Part,Description\nU1,1,STM32F4,Flight computer MCU\nU2,1,LTC3780,Buck-boost regulator\n';
const NETLIST = `(export (version "E")
  (components
    (comp (ref "U1") (value "STM32F4") (footprint "LQFP-64"))
    (comp (ref "U2") (value "LTC3780") (footprint "SSOP-24")))
  (nets
    (net (code "1") (name "+3V3") (node (ref "U1") (pin "1")) (node (ref "U2") (pin "5")))))
`;
const DESIGN = `# CubeSat design description

## Electrical power system

The EPS generates, stores and distributes electrical power: it charges the lithium-ion battery from the
solar panels, and its DC/DC converters supply regulated 5 V and 3.3 V rails to the UHF transceiver, the
on-board computer and the payload.

## Structure

The frame is machined aluminium with four rails and side panels that carry the solar cells.

## Thermal control

Multi-layer insulation blankets and small film heaters keep the avionics within their temperature limits.

## Attitude control

Magnetorquers and a reaction wheel point the spacecraft; a sun sensor and a magnetometer measure it.
`;

let ctx: TestContext;
let ann: TestUser;

beforeAll(async () => {
  ctx = await testApp();
  ann = await ctx.newUser();
});

describe('POST /systems/upload_document', () => {
  it('makes a new system named after the first file, keeps readable files and fails the others alone', async () => {
    const answer = ok(
      await upload(ann, [
        doc('Rover BOM.csv', BOM),
        doc('rover.net', NETLIST),
        doc('empty.txt', ''),
        doc('photo.bin', Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x00, 0x9c, 0x00])),
      ]),
      201,
    );
    expect(answer.total_files).toBe(4);
    expect(answer.successful).toBe(2);
    expect(answer.failed).toBe(2);
    expect(answer.system_id).toMatch(UUID);
    const [bom, net, empty, binary] = answer.results;
    expect(bom).toMatchObject({
      file_name: 'Rover BOM.csv',
      success: true,
      dataset_name: 'Rover BOM.csv',
      error: null,
    });
    expect(bom!.job_run_id).toMatch(UUID);
    expect(net).toMatchObject({ file_name: 'rover.net', success: true, error: null });
    expect(empty).toMatchObject({
      file_name: 'empty.txt',
      success: false,
      job_run_id: null,
      dataset_name: null,
    });
    expect(empty!.error).toMatch(/empty/i);
    expect(binary).toMatchObject({ success: false, job_run_id: null });
    expect(binary!.error).toEqual(expect.any(String));

    const system = ok(await ann.call<System>('GET', `/systems/${answer.system_id}`));
    expect(system.system_name).toBe('Rover BOM');

    // The embedding runs finish and the documents read as embedded, with their chunks counted.
    for (const r of [bom!, net!]) {
      const run = await waitForRun(ann, r.job_run_id!, (x) => ['completed', 'failed'].includes(x.status));
      expect(run.status, JSON.stringify(run.error)).toBe('completed');
      expect(run.job_type).toBe('document_embedding');
    }
    const list = ok(await ann.call<Page<DocumentItem>>('GET', `/systems/${answer.system_id}/documents`));
    expect(list.count).toBe(2);
    expect(list.items.map((d) => [d.name, d.kind, d.status])).toEqual([
      ['Rover BOM.csv', 'csv', 'embedded'],
      ['rover.net', 'kicad_netlist', 'embedded'],
    ]);
    for (const d of list.items) expect(d.chunk_count).toBeGreaterThan(0);

    // Each stored file is also an attachment of the caller.
    const attachment = await ann.call('GET', `/attachments/${list.items[0]!.attachment_id}`);
    expect(attachment.status).toBe(200);
  });

  it('names a second new system from the same file uniquely', async () => {
    const first = ok(await upload(ann, [doc('Lander.md', DESIGN)]), 201);
    const second = ok(await upload(ann, [doc('Lander.md', DESIGN)]), 201);
    const names = await Promise.all(
      [first, second].map(
        async (a) => ok(await ann.call<System>('GET', `/systems/${a.system_id}`)).system_name,
      ),
    );
    expect(names).toEqual(['Lander', 'Lander (2)']);
  });

  it('adds to an existing system given by system_id, and takes file_name from metadata', async () => {
    const system = await ctx.newSystem(ann);
    const answer = ok(
      await upload(
        ann,
        [field('metadata', JSON.stringify({ file_name: 'icd.md' })), doc('upload.txt', DESIGN)],
        system.system_id,
      ),
      201,
    );
    expect(answer.system_id).toBe(system.system_id);
    expect(answer.results[0]).toMatchObject({ file_name: 'icd.md', success: true });
  });

  it('fails an encrypted and a truncated PDF alone, each with a clear error', async () => {
    const fixture = (name: string) =>
      readFileSync(new URL(`../../../test/fixtures/documents/${name}`, import.meta.url));
    const system = await ctx.newSystem(ann);
    const answer = ok(
      await upload(
        ann,
        [
          doc('secret.pdf', fixture('encrypted.pdf')),
          doc('cut.pdf', fixture('truncated.pdf')),
          doc('notes.md', DESIGN),
        ],
        system.system_id,
      ),
      201,
    );
    expect(answer.results.map((r) => [r.file_name, r.success])).toEqual([
      ['secret.pdf', false],
      ['cut.pdf', false],
      ['notes.md', true],
    ]);
    expect(answer.results[0]!.error).toMatch(/encrypt|password/i);
    expect(answer.results[1]!.error).toEqual(expect.any(String));
    const list = ok(await ann.call<Page<DocumentItem>>('GET', `/systems/${system.system_id}/documents`));
    expect(list.items.map((d) => d.name)).toEqual(['notes.md']);
  });

  it('answers 400 when no file is sent, and changes nothing', async () => {
    const system = await ctx.newSystem(ann);
    expectProblem(await upload(ann, [field('metadata', '{}')], system.system_id), 400, ['body.file']);
    const list = ok(await ann.call<Page<DocumentItem>>('GET', `/systems/${system.system_id}/documents`));
    expect(list.count).toBe(0);
  });

  it('answers 4xx to a broken or mistyped body, stores nothing, and keeps serving', async () => {
    const system = await ctx.newSystem(ann);
    const head =
      '--X\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n' +
      'Content-Type: text/plain\r\n\r\n';
    const broken: { contentType: string; body: string }[] = [
      { contentType: 'multipart/form-data; boundary=X', body: `${head}hi` }, // no closing boundary
      { contentType: 'multipart/form-data', body: 'hello' }, // no boundary
      { contentType: 'multipart/form-data; boundary=X', body: 'garbage garbage' },
      { contentType: 'application/json', body: '{"file": "a.txt"}' },
    ];
    for (const { contentType, body } of broken) {
      const res = await ann.call('POST', '/systems/upload_document', undefined, {
        raw: Buffer.from(body),
        headers: { 'content-type': contentType },
        query: { system_id: system.system_id },
      });
      expect(res.status, `${contentType}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${contentType}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
    }
    const list = ok(await ann.call<Page<DocumentItem>>('GET', `/systems/${system.system_id}/documents`));
    expect(list.count).toBe(0);
    const after = ok(await upload(ann, [doc('after.csv', BOM)], system.system_id), 201);
    expect(after.successful).toBe(1);
  });

  it('refuses metadata that is not the JSON object the spec describes', async () => {
    expectProblem(await upload(ann, [field('metadata', 'not json'), doc('a.txt', 'x')]), 400, [
      'body.metadata',
    ]);
    expectProblem(await upload(ann, [field('metadata', '{"owner":"me"}'), doc('a.txt', 'x')]), 400, [
      'body.metadata',
    ]);
  });

  it('answers 404 for an unknown system_id and 400 for a malformed one', async () => {
    const unknown = '0190d2c4-0000-7000-8000-000000000000';
    expectProblem(await upload(ann, [doc('a.txt', 'x')], unknown), 404);
    expectProblem(await upload(ann, [doc('a.txt', 'x')], 'nope'), 400, ['query.system_id']);
  });
});

describe('documents of a system', () => {
  let systemId: string;
  let design: DocumentItem;

  beforeAll(async () => {
    const answer = ok(await upload(ann, [doc('CubeSat design.md', DESIGN), doc('bom.csv', BOM)]), 201);
    systemId = answer.system_id;
    for (const r of answer.results) {
      const run = await waitForRun(ann, r.job_run_id!, (x) => ['completed', 'failed'].includes(x.status));
      expect(run.status).toBe('completed');
    }
    const list = ok(await ann.call<Page<DocumentItem>>('GET', `/systems/${systemId}/documents`));
    design = list.items.find((d) => d.name === 'CubeSat design.md')!;
  });

  it('reads one document with its extracted text', async () => {
    const got = ok(
      await ann.call<DocumentDetail>('GET', `/systems/${systemId}/documents/${design.document_id}`),
    );
    expect(got).toMatchObject({ document_id: design.document_id, kind: 'markdown', status: 'embedded' });
    expect(got.text).toContain('DC/DC converters supply regulated');
  });

  it('finds the power system for "power supply for the radio" (the document says transceiver, not radio)', async () => {
    const found = ok(
      await ann.call<SearchResult>('GET', `/systems/${systemId}/documents/search`, undefined, {
        query: { q: 'power supply for the radio', limit: '3' },
      }),
    );
    expect(found.items).toHaveLength(3);
    const best = found.items[0]!;
    expect(best.document_id).toBe(design.document_id);
    expect(best.text).toContain('EPS');
    expect(best.location.section).toMatch(/Electrical power system/);
    expect(best.score).toBeGreaterThan(found.items[2]!.score);
  });

  it('runs the embedding again safely: a second run of the same job completes and changes no result', async () => {
    const first = ok(await ann.call<JobRun>('GET', `/job-runs/${design.job_run_id}`));
    const before = ok(
      await ann.call<SearchResult>('GET', `/systems/${systemId}/documents/search`, undefined, {
        query: { q: 'solar panels', limit: '5' },
      }),
    );
    const again = ok(await ann.call<JobRun>('POST', '/job-runs', { job_id: first.job_id }), 201);
    const done = await waitForRun(ann, again.uuid, (x) => ['completed', 'failed'].includes(x.status));
    expect(done.status).toBe('completed');
    const got = ok(
      await ann.call<DocumentDetail>('GET', `/systems/${systemId}/documents/${design.document_id}`),
    );
    expect(got).toMatchObject({ status: 'embedded', chunk_count: design.chunk_count });
    const after = ok(
      await ann.call<SearchResult>('GET', `/systems/${systemId}/documents/search`, undefined, {
        query: { q: 'solar panels', limit: '5' },
      }),
    );
    expect(after).toEqual(before);
  });

  it('bounds search: limit 1..100 and q up to 1000 characters', async () => {
    const search = (query: Record<string, string>) =>
      ann.call<SearchResult>('GET', `/systems/${systemId}/documents/search`, undefined, { query });
    expect((await search({ q: 'battery', limit: '100' })).status).toBe(200);
    expectProblem(await search({ q: 'battery', limit: '101' }), 400, ['query.limit']);
    expectProblem(await search({ q: 'battery', limit: '0' }), 400, ['query.limit']);
    expect((await search({ q: 'b'.repeat(1000) })).status).toBe(200);
    expectProblem(await search({ q: 'b'.repeat(1001) }), 400, ['query.q']);
    expectProblem(await search({}), 400, ['query.q']);
  });

  it('deletes a document with its chunks: gone from reads, list and search', async () => {
    const bom = ok(await ann.call<Page<DocumentItem>>('GET', `/systems/${systemId}/documents`)).items.find(
      (d) => d.name === 'bom.csv',
    )!;
    expect((await ann.call('DELETE', `/systems/${systemId}/documents/${bom.document_id}`)).status).toBe(204);
    expectProblem(await ann.call('GET', `/systems/${systemId}/documents/${bom.document_id}`), 404);
    expectProblem(await ann.call('DELETE', `/systems/${systemId}/documents/${bom.document_id}`), 404);
    const list = ok(await ann.call<Page<DocumentItem>>('GET', `/systems/${systemId}/documents`));
    expect(list.items.map((d) => d.name)).toEqual(['CubeSat design.md']);
    const found = ok(
      await ann.call<SearchResult>('GET', `/systems/${systemId}/documents/search`, undefined, {
        query: { q: 'buck-boost regulator part list', limit: '100' },
      }),
    );
    expect(found.items.every((h) => h.document_id === design.document_id)).toBe(true);
  });

  it('answers 404 for a document of another system and for an unknown system', async () => {
    const other = await ctx.newSystem(ann);
    expectProblem(await ann.call('GET', `/systems/${other.system_id}/documents/${design.document_id}`), 404);
    expectProblem(await ann.call('GET', '/systems/0190d2c4-0000-7000-8000-000000000000/documents'), 404);
  });
});

describe('the upload limit', () => {
  it('keeps a file of exactly HWA_UPLOAD_LIMIT bytes and fails one byte more alone', async () => {
    const small = await testApp({ env: { HWA_UPLOAD_LIMIT: '2000' } });
    const bob = await small.newUser();
    const at = 'a'.repeat(1999) + '\n';
    const over = 'b'.repeat(2000) + '\n';
    const answer = ok(await upload(bob, [doc('at.txt', at), doc('over.txt', over)]), 201);
    expect(answer.results.map((r) => r.success)).toEqual([true, false]);
    expect(answer.results[1]!.error).toMatch(/larger than the upload limit of 2000 bytes/);
    await waitForRun(bob, answer.results[0]!.job_run_id!, (x) => x.status === 'completed');
  });
});
