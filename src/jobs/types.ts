// Every job type this build registers. Only types with a real handler are listed: the analysis issues
// add document_embedding, metagraph_update, test_run_report and generate_issue here.
import { createEmbedder } from '../analysis/embeddings.js';
import type { Config } from '../config.js';
import { extractModel } from '../analysis/extract/extract.js';
import { documentEmbeddingJob } from '../modules/documents/document-embedding.job.js';
import { listSystemDocuments } from '../modules/documents/documents.repository.js';
import { metagraphUpdateJobType } from '../modules/metagraph/proposals.job.js';
import { generateIssueJobType } from '../modules/issues/generate-issue.job.js';
import { openStorage } from '../storage/open.js';
import type { StoragePlace } from '../storage/port.js';
import { DEV_JOB_TYPES } from './dev-types.js';
import { JobRegistry, type JobType } from './registry.js';

/** The configured storage's place, read once: generate_issue locates data files' storage_url in it. */
function storagePlace(config: Config): () => StoragePlace {
  let place: StoragePlace | undefined;
  return () => (place ??= openStorage(config).place);
}

const productionTypes = (config: Config): JobType[] => [
  documentEmbeddingJob(createEmbedder(config.embeddings)),
  metagraphUpdateJobType({
    loadDocuments: async (db, systemId, ids) =>
      (await listSystemDocuments(db, systemId, ids)).map((d) => ({ id: d.id, name: d.name, doc: d.content })),
    extract: extractModel,
  }),
  generateIssueJobType({ storagePlace: storagePlace(config) }),
];

/** The registry for `config`, plus `extra` types (tests register their own). */
export function jobRegistry(config: Config, extra: JobType[] = []): JobRegistry {
  return new JobRegistry([
    ...productionTypes(config),
    ...(config.devJobTypes ? DEV_JOB_TYPES : []),
    ...extra,
  ]);
}
