// Every job type this build registers. Only types with a real handler are listed: the analysis issues
// add document_embedding, test_run_embedding, metagraph_update, test_run_report and generate_issue here.
import { createEmbedder } from '../analysis/embeddings.js';
import type { Config } from '../config.js';
import { extractModel } from '../analysis/extract/extract.js';
import { documentEmbeddingJob } from '../modules/documents/document-embedding.job.js';
import { listSystemDocuments } from '../modules/documents/documents.repository.js';
import { testRunEmbeddingJob } from '../modules/test-runs/test-run-embedding.job.js';
import { metagraphUpdateJobType } from '../modules/metagraph/proposals.job.js';
import { generateIssueJobType } from '../modules/issues/generate-issue.job.js';
import { testRunReportJob } from '../modules/test-runs/reports.job.js';
import { openStorage } from '../storage/open.js';
import type { ObjectStorage } from '../storage/port.js';
import { DEV_JOB_TYPES } from './dev-types.js';
import { JobRegistry, type JobType } from './registry.js';

const productionTypes = (
  config: Config,
  storage: ObjectStorage,
  embedder = createEmbedder(config.embeddings),
): JobType[] => [
  documentEmbeddingJob(embedder),
  testRunEmbeddingJob(embedder),
  metagraphUpdateJobType({
    loadDocuments: async (db, systemId, ids) =>
      (await listSystemDocuments(db, systemId, ids)).map((d) => ({ id: d.id, name: d.name, doc: d.content })),
    extract: extractModel,
  }),
  testRunReportJob(storage),
  generateIssueJobType({ storagePlace: () => storage.place }),
];

/**
 * The registry for `config`, plus `extra` types (tests register their own); handlers that read or
 * write files use `storage` (the app's, which tests may replace).
 */
export function jobRegistry(
  config: Config,
  extra: JobType[] = [],
  storage: ObjectStorage = openStorage(config),
): JobRegistry {
  return new JobRegistry([
    ...productionTypes(config, storage),
    ...(config.devJobTypes ? DEV_JOB_TYPES : []),
    ...extra,
  ]);
}
