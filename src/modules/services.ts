// The wiring: every module's service, built once per app from the configuration, the database and
// the storage. Routes import their dependency types from here, never from app.ts (which imports the
// routes). Adding a module touches its own folder, this file, modules/index.ts and its tables.
import type { Analyst } from '../analysis/analyst.js';
import { chunkDocument } from '../analysis/documents/chunk.js';
import { readDocument } from '../analysis/documents/read.js';
import { createEmbedder } from '../analysis/embeddings.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Notifications } from '../db/notifications.js';
import type { JobRegistry } from '../jobs/registry.js';
import type { ObjectStorage } from '../storage/port.js';
import { DownloadSigner } from '../storage/signed-urls.js';
import { AnnotationsService } from './annotations/annotations.service.js';
import { AttachmentsService } from './attachments/attachments.service.js';
import { DocumentsService } from './documents/documents.service.js';
import { HealthService } from './health/health.service.js';
import { IssuesService } from './issues/issues.service.js';
import { IssueCommentsService } from './issues/comments.service.js';
import { IssueFilesService } from './issues/files.service.js';
import { IssueMetricsService } from './issues/metrics.service.js';
import { JobRunEventsService } from './jobs/job-run-events.service.js';
import { JobRunsService } from './jobs/job-runs.service.js';
import { JobsService } from './jobs/jobs.service.js';
import { EntityMemoriesService, UserMemoriesService } from './memories/memories.service.js';
import { BatchSaveService } from './metagraph/batch-save.service.js';
import { MetagraphService } from './metagraph/metagraph.service.js';
import { ProposalsService } from './metagraph/proposals.service.js';
import { SessionsService } from './sessions/sessions.service.js';
import { SkillsService } from './skills/skills.service.js';
import { SystemMemoriesService } from './systems/system-memories.service.js';
import { SystemsService } from './systems/systems.service.js';
import { TestRunAnalyticsService } from './test-runs/analytics.service.js';
import { MAX_JUNIT_BYTES, TestRunImportService } from './test-runs/import.service.js';
import { TestDataService } from './test-runs/data.service.js';
import { TestRunSearchService } from './test-runs/search.service.js';
import { semanticSearch } from './test-runs/search-semantic.js';
import { TestCardTemplatesService } from './test-card-templates/templates.service.js';
import { TestCardsService } from './test-runs/cards.service.js';
import { TestStepsService } from './test-runs/steps.service.js';
import { TestRunReportsService } from './test-runs/reports.service.js';
import { TestRunsService } from './test-runs/test-runs.service.js';
import { TokensService } from './tokens/tokens.service.js';

export interface Services {
  health: HealthService;
  tokens: TokensService;
  systems: SystemsService;
  metagraph: MetagraphService;
  batchSave: BatchSaveService;
  proposals: ProposalsService;
  entityMemories: EntityMemoriesService;
  userMemories: UserMemoriesService;
  systemMemories: SystemMemoriesService;
  sessions: SessionsService;
  attachments: AttachmentsService;
  annotations: AnnotationsService;
  skills: SkillsService;
  issues: IssuesService;
  issueComments: IssueCommentsService;
  issueFiles: IssueFilesService;
  issueMetrics: IssueMetricsService;
  jobs: JobsService;
  jobRuns: JobRunsService;
  jobRunEvents: JobRunEventsService;
  documents: DocumentsService;
  testRunAnalytics: TestRunAnalyticsService;
  testRunImport: TestRunImportService;
  testRunSearch: TestRunSearchService;
  testData: TestDataService;
  testCardTemplates: TestCardTemplatesService;
  testRuns: TestRunsService;
  testCards: TestCardsService;
  testSteps: TestStepsService;
  testRunReports: TestRunReportsService;
}

/** What the app provides to the services besides configuration, database and storage. */
export interface Runtime {
  /** LISTEN/NOTIFY of this process, closed with the app. */
  notifications: Notifications;
  log: { warn(obj: object, msg: string): void };
  /** The job types this process knows (src/jobs/types.ts). */
  registry: JobRegistry;
  /** The language-model port the job handlers call. */
  analyst: Analyst;
}

export interface AppDeps {
  config: Config;
  database: Database;
  storage: ObjectStorage;
  services: Services;
  notifications: Notifications;
}

export function createServices(
  config: Config,
  database: Database,
  storage: ObjectStorage,
  secret: string,
  runtime: Runtime,
): Services {
  const db = database.db;
  const signer = new DownloadSigner(secret);
  const links = { publicUrl: config.publicUrl, ttlSeconds: config.signedUrlTtl };
  const attachments = new AttachmentsService(db, storage, signer, links);
  const issues = new IssuesService(db);
  const testCardTemplates = new TestCardTemplatesService(db);
  const testRuns = new TestRunsService(db, testCardTemplates);
  const testCards = new TestCardsService(db, testRuns, testCardTemplates);
  // One embedder for documents and test-run search: the built-in model loads once per process.
  const embedder = createEmbedder(config.embeddings);
  return {
    health: new HealthService(db),
    tokens: new TokensService(db, {
      notifications: runtime.notifications,
      cacheTtlMs: config.tokenCacheTtl * 1000,
      log: runtime.log,
    }),
    systems: new SystemsService(db),
    metagraph: new MetagraphService(
      db,
      database.dialect === 'postgres' ? Math.floor(config.dbPoolSize / 2) : 0,
    ),
    batchSave: new BatchSaveService(db),
    proposals: new ProposalsService(db),
    entityMemories: new EntityMemoriesService(db),
    userMemories: new UserMemoriesService(db),
    systemMemories: new SystemMemoriesService(db),
    sessions: new SessionsService(db, storage, config.uploadLimit),
    attachments,
    annotations: new AnnotationsService(db, attachments),
    skills: new SkillsService(db),
    issues,
    issueComments: new IssueCommentsService(db, issues),
    issueFiles: new IssueFilesService(db, issues, attachments),
    issueMetrics: new IssueMetricsService(db),
    jobs: new JobsService(db, runtime.registry),
    jobRuns: new JobRunsService(db, runtime.registry),
    jobRunEvents: new JobRunEventsService(db, runtime.notifications),
    documents: new DocumentsService(
      db,
      storage,
      { readDocument: (bytes, name, type) => readDocument(bytes, name, type), chunkDocument },
      embedder,
      config.uploadLimit,
    ),
    testRunAnalytics: new TestRunAnalyticsService(db),
    testRunImport: new TestRunImportService(
      db,
      (actor, plan) => testRuns.createFromPlan(actor, plan),
      Math.min(config.uploadLimit, MAX_JUNIT_BYTES),
    ),
    // Full text fused with meaning (the test_run_embedding job's vectors); full text alone whenever
    // the model cannot answer in time or nothing is embedded yet.
    testRunSearch: new TestRunSearchService(
      db,
      config.testRunSemanticSearch ? semanticSearch(db, embedder) : undefined,
      runtime.log,
    ),
    testData: new TestDataService(db, storage, config.uploadLimit),
    testCardTemplates,
    testRuns,
    testCards,
    testRunReports: new TestRunReportsService(db, storage, signer, links),
    testSteps: new TestStepsService(db, testRuns, testCards),
  };
}
