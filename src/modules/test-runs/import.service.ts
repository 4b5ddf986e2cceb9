// POST /test-runs/import: a JUnit XML report becomes a test run of a system, with a card per suite and
// a step per test case (the mapping is in junit.ts). The report is read into memory, bounded, parsed
// by the pure reader, and the run is created from the plan in one transaction by whoever creates runs
// (TestRunsService.createFromPlan, passed in: this module never writes run rows itself, so a run made
// by import is made exactly as one made from templates).
import type { Readable } from 'node:stream';
import type { Actor } from '../../core/auth.js';
import { Errors, HwaError } from '../../core/errors.js';
import type { Db } from '../../db/client.js';
import type { UploadPart } from '../sessions/sessions.service.js';
import * as systemsRepo from '../systems/systems.repository.js';
import { junitToPlan } from './junit.js';
import type { RunPlan, TestRun } from './test-runs.schemas.js';

export type CreateFromPlan = (actor: Actor, plan: RunPlan) => Promise<TestRun>;

/**
 * The largest report taken, whatever HWA_UPLOAD_LIMIT allows: the parser holds the whole text and a
 * tree several times its size, and 20 MiB is already ~100,000 test cases of pytest output.
 */
export const MAX_JUNIT_BYTES = 20 * 1024 * 1024;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function readBounded(file: Readable & { truncated?: boolean }, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      file.resume(); // drain the rest so the request completes; nothing is kept
      throw new HwaError('payload_too_large', `The report is larger than the limit of ${limit} bytes.`);
    }
    chunks.push(chunk as Buffer);
  }
  if (file.truncated)
    throw new HwaError('payload_too_large', `The report is larger than the limit of ${limit} bytes.`);
  return Buffer.concat(chunks);
}

export class TestRunImportService {
  constructor(
    private readonly db: Db,
    /** TestRunsService.createFromPlan: the one place runs, cards and steps are written together. */
    private readonly createFromPlan: CreateFromPlan,
    readonly maxBytes: number,
  ) {}

  async importJunit(actor: Actor, parts: AsyncIterable<UploadPart>): Promise<TestRun> {
    const fields: Record<string, string> = {};
    let report: { bytes: Buffer; name: string | undefined } | undefined;
    for await (const part of parts) {
      if (part.fieldname === 'file' && part.file && report === undefined) {
        report = { bytes: await readBounded(part.file, this.maxBytes), name: part.filename };
      } else if ((part.fieldname === 'system_id' || part.fieldname === 'title') && !part.file) {
        fields[part.fieldname] = part.value ?? '';
      } else {
        part.file?.resume();
        throw Errors.invalidField(
          `body.${part.fieldname}`,
          part.fieldname === 'file'
            ? 'must be one file part (with a filename)'
            : 'is not a known field: send `file`, `system_id` and optionally `title`',
        );
      }
    }
    const systemId = fields.system_id?.trim() ?? '';
    if (systemId === '') throw Errors.invalidField('body.system_id', 'is required');
    if (!UUID.test(systemId)) throw Errors.invalidField('body.system_id', 'must be a UUID');
    if (report === undefined)
      throw Errors.invalidField('body.file', 'is required: send the JUnit XML report');
    if (!(await systemsRepo.findLiveSystem(this.db, systemId))) throw Errors.notFound('system');

    // UTF-8 (what every producer here writes), without a byte-order mark.
    const xml = report.bytes.toString('utf8').replace(/^\uFEFF/, '');
    const plan = junitToPlan(xml, {
      systemId: systemId.toLowerCase(),
      title: fields.title,
      fileName: report.name,
    });
    return this.createFromPlan(actor, plan);
  }
}
