// A metagraph_update job type for tests: documents and extractor injected (the job's own seam), so a
// test says what the documents of a system yield and runs the real handler, writer and review.
// Each fake document carries the model it yields in `doc.json`; the fake extractor merges them.
import type { ExtractedModel, ProposedEntity, SourceDocument } from '../src/analysis/extract/types.js';
import type { JobRun } from '../src/modules/jobs/jobs.schemas.js';
import { metagraphUpdateJobType } from '../src/modules/metagraph/proposals.job.js';
import { ok, type TestUser } from './helpers.js';
import { waitForRun } from './job-types.js';

export class FakeDocuments {
  private readonly bySystem = new Map<string, SourceDocument[]>();
  /** Documents each run read, by the system it ran on. */
  readonly reads: { systemId: string; documentIds?: string[] }[] = [];

  /** Sets what the documents of `systemId` yield: one document per model. */
  set(systemId: string, ...models: { name: string; model: ExtractedModel }[]): void {
    this.bySystem.set(
      systemId,
      models.map(({ name, model }, i) => ({
        id: `00000000-0000-7000-8000-${String(i + 1).padStart(12, '0')}`,
        name,
        doc: { kind: 'json', text: name, blocks: [], tables: [], json: model },
      })),
    );
  }

  /** Registered as `test_metagraph_update`, beside the production metagraph_update. */
  readonly type = metagraphUpdateJobType(
    {
      loadDocuments: (_db, systemId, documentIds) => {
        this.reads.push({ systemId, ...(documentIds ? { documentIds } : {}) });
        const docs = this.bySystem.get(systemId) ?? [];
        return Promise.resolve(documentIds ? docs.filter((d) => documentIds.includes(d.id!)) : docs);
      },
      extract: (documents) => ({
        entities: documents.flatMap((d) => (d.doc.json as ExtractedModel).entities),
        relationships: documents.flatMap((d) => (d.doc.json as ExtractedModel).relationships),
      }),
    },
    'test_metagraph_update',
  );
}

/** An extracted entity as the extractor would give it, seen in `document` at `row`. */
export function proposed(
  name: string,
  fields: Partial<ProposedEntity> & { document?: string; row?: number } = {},
): ProposedEntity {
  const { document = 'bom.csv', row = 1, ...rest } = fields;
  return {
    key: name.toLowerCase(),
    name,
    entityType: 'COMPONENT',
    aliases: [],
    properties: {},
    provenance: [{ documentName: document, location: { table: 0, row }, extractor: 'bom_table' }],
    ...rest,
  };
}

/** Runs metagraph_update on `system` to its end; the run as it ended (completed, or fails the test). */
export async function runMetagraphUpdate(
  user: TestUser,
  systemIdOrName: string,
  extra: Record<string, unknown> = {},
  jobType = 'test_metagraph_update',
): Promise<JobRun> {
  const config = { job_type: jobType, system_id_or_name: systemIdOrName, ...extra };
  const job = ok(await user.call<{ uuid: string }>('POST', '/jobs', { job_type: jobType, config }), 201);
  const run = ok(await user.call<JobRun>('POST', '/job-runs', { job_id: job.uuid }), 201);
  const ended = await waitForRun(user, run.uuid, (r) =>
    ['completed', 'failed', 'cancelled'].includes(r.status),
  );
  if (ended.status !== 'completed')
    throw new Error(`run ended ${ended.status}: ${JSON.stringify(ended.error)}`);
  return ended;
}
