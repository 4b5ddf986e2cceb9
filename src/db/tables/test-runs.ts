// Test runs: verification campaigns (a thermal-vacuum cycle, an EMC pre-scan) of one system, holding
// test cards (procedures) of ordered steps, the measurements and observations recorded on a step, the
// data files registered for the run, and analysis reports. Card templates are team-wide procedures a
// run or a card is made from.
//
// A run is soft-deleted (like issues and systems): everything below it answers 404 through the run.
// Cards, steps and their children belong to their run and are deleted with it in one cascade.
import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  bigint,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, updatedAt } from './columns.js';
import { entities } from './metagraph.js';
import { issues } from './issues.js';
import { systems } from './systems.js';
import { users } from './users.js';

export const STEP_EXECUTION_STATUSES = ['todo', 'done', 'passed', 'passed_with_exception', 'failed'] as const;
export type StepExecutionStatus = (typeof STEP_EXECUTION_STATUSES)[number];

/** The configured step types; `passfail` is the default (spec: "other configured types exist"). */
export const STEP_TYPES = ['passfail', 'measurement', 'checklist', 'manual'] as const;
export type StepType = (typeof STEP_TYPES)[number];

export const MEASUREMENT_OUTCOMES = ['pass', 'marginal', 'fail'] as const;
export type MeasurementOutcome = (typeof MEASUREMENT_OUTCOMES)[number];

/** Limits a step's measurement of this name is judged by when it is recorded without its own. */
export interface MeasurementSpec {
  name: string;
  units: string | null;
  low: number | null;
  high: number | null;
  marginal_low: number | null;
  marginal_high: number | null;
}

export const REPORT_SCOPES = ['run', 'card', 'step'] as const;
export type ReportScope = (typeof REPORT_SCOPES)[number];
export const REPORT_STATUSES = ['pending', 'running', 'completed', 'failed', 'cancelled'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** One chart of a report: an SVG attachment of one channel of one analysed file. */
export interface ReportChart {
  attachment_id: string;
  channel: string;
  file_name: string;
}

/**
 * The last run number handed out per system: `TR-0042` is number 42 of its system. An upsert that
 * increments and returns the counter hands out each number once, even to concurrent creates.
 */
export const testRunCounters = pgTable('test_run_counters', {
  systemId: uuid('system_id')
    .primaryKey()
    .references(() => systems.id),
  lastNumber: integer('last_number').notNull(),
});

export const testRuns = pgTable(
  'test_runs',
  {
    id: uuid('id').primaryKey(),
    systemId: uuid('system_id')
      .notNull()
      .references(() => systems.id),
    /** Shown as `test_run_id`: `TR-` and the number padded to four digits (TR-0042, TR-12345). */
    runNumber: integer('run_number').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    createdBy: text('created_by').notNull(),
    creatorId: uuid('creator_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    uniqueIndex('test_runs_number_uq').on(t.systemId, t.runNumber),
    // The list is newest first, optionally of one system.
    index('test_runs_list_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    index('test_runs_system_idx')
      .on(t.systemId, t.createdAt, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
  ],
);

/** Everyone who created or changed anything in the run (spec `contributors`), in order of arrival. */
export const testRunContributors = pgTable(
  'test_run_contributors',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => testRuns.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.email] })],
);

/** Entities of the run's system under test (`asset_ids`). */
export const testRunAssets = pgTable(
  'test_run_assets',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => testRuns.id, { onDelete: 'cascade' }),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.entityId] })],
);

/** Team-wide card templates: a procedure with its step definitions, versioned lightly. */
export const testCardTemplates = pgTable(
  'test_card_templates',
  {
    id: uuid('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /**
     * `[{title, description, step_type, measurements?: [{name, units, low, high, marginal_low,
     * marginal_high}]}]`. Cards copy these at instantiation, so a later change alters no card.
     */
    steps: jsonb('steps')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** +1 on every change; a card records the version it was made from. */
    version: integer('version').notNull().default(1),
    createdBy: text('created_by').notNull(),
    creatorId: uuid('creator_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('test_card_templates_list_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
  ],
);

export const testCards = pgTable(
  'test_cards',
  {
    id: uuid('id').primaryKey(),
    runId: uuid('run_id')
      .notNull()
      .references(() => testRuns.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Display order (spec `order`), 1-based and dense within the run. */
    position: integer('position').notNull(),
    templateId: uuid('template_id').references(() => testCardTemplates.id),
    templateVersion: integer('template_version'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('test_cards_run_idx').on(t.runId, t.position)],
);

export const testSteps = pgTable(
  'test_steps',
  {
    id: uuid('id').primaryKey(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => testCards.id, { onDelete: 'cascade' }),
    /** The card's run, repeated so run summaries count steps without joining cards. */
    runId: uuid('run_id')
      .notNull()
      .references(() => testRuns.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Display order (spec `order`), 1-based and dense within the card. */
    position: integer('position').notNull(),
    stepType: text('step_type').$type<StepType>().notNull().default('passfail'),
    executionStatus: text('execution_status').$type<StepExecutionStatus>().notNull().default('todo'),
    exception: text('exception'),
    /**
     * Limit definitions `[{name, units, low, high, marginal_low, marginal_high}]` copied from the card
     * template: a measurement recorded under one of these names without limits is judged by them.
     */
    measurementSpecs: jsonb('measurement_specs')
      .$type<MeasurementSpec[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('test_steps_card_idx').on(t.cardId, t.position),
    // Summaries group a page of runs' steps by status: index-only.
    index('test_steps_run_status_idx').on(t.runId, t.executionStatus),
  ],
);

/** OpenHTF-style measurements on a step; `outcome` is computed from the limits when written. */
export const testMeasurements = pgTable(
  'test_measurements',
  {
    id: uuid('id').primaryKey(),
    stepId: uuid('step_id')
      .notNull()
      .references(() => testSteps.id, { onDelete: 'cascade' }),
    runId: uuid('run_id')
      .notNull()
      .references(() => testRuns.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    value: doublePrecision('value').notNull(),
    units: text('units'),
    low: doublePrecision('low'),
    high: doublePrecision('high'),
    marginalLow: doublePrecision('marginal_low'),
    marginalHigh: doublePrecision('marginal_high'),
    outcome: text('outcome').$type<MeasurementOutcome>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('test_measurements_step_idx').on(t.stepId, t.position),
    // A run's detail reads its measurements by run: without this, a parallel seq scan of all 400,000
    // (55 ms of the bench's 89 ms detail p50 at 10,000 runs; bench/RESULTS.md, test runs).
    index('test_measurements_run_idx').on(t.runId, t.position),
    // Analytics group by measurement name across a system's runs.
    index('test_measurements_name_idx').on(t.name, t.runId),
  ],
);

export const testObservations = pgTable(
  'test_observations',
  {
    id: uuid('id').primaryKey(),
    stepId: uuid('step_id')
      .notNull()
      .references(() => testSteps.id, { onDelete: 'cascade' }),
    runId: uuid('run_id')
      .notNull()
      .references(() => testRuns.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** Attachments of the author shown with the note (ids checked on write). */
    attachmentIds: uuid('attachment_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdBy: text('created_by').notNull(),
    creatorId: uuid('creator_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('test_observations_step_idx').on(t.stepId, t.createdAt),
    // A run's detail reads its observations by run, as measurements: one index range, not a scan.
    index('test_observations_run_idx').on(t.runId, t.createdAt, t.id),
  ],
);

/** A data file registered for the run: an object that already exists in the configured storage. */
export const testDataFiles = pgTable(
  'test_data_files',
  {
    id: uuid('id').primaryKey(),
    runId: uuid('run_id')
      .notNull()
      .references(() => testRuns.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    storageUrl: text('storage_url').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull().default('application/octet-stream'),
    uploadedBy: text('uploaded_by').notNull(),
    uploaderId: uuid('uploader_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('test_data_files_run_idx').on(t.runId, t.createdAt, t.id)],
);

/** Which cards and steps a data file belongs to (spec `associations`). */
export const testDataAssociations = pgTable(
  'test_data_associations',
  {
    id: uuid('id').primaryKey(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => testDataFiles.id, { onDelete: 'cascade' }),
    cardId: uuid('card_id').references(() => testCards.id, { onDelete: 'cascade' }),
    stepId: uuid('step_id').references(() => testSteps.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('test_data_associations_file_idx').on(t.fileId),
    index('test_data_associations_card_idx').on(t.cardId),
    index('test_data_associations_step_idx').on(t.stepId),
  ],
);

/**
 * Issues linked to the run (`issue_ids`, card and step null) or to one of its cards or steps (issues
 * filed from a failed step or a report finding).
 */
export const testRunIssues = pgTable(
  'test_run_issues',
  {
    id: uuid('id').primaryKey(),
    runId: uuid('run_id')
      .notNull()
      .references(() => testRuns.id, { onDelete: 'cascade' }),
    issueId: uuid('issue_id')
      .notNull()
      .references(() => issues.id),
    cardId: uuid('card_id').references(() => testCards.id, { onDelete: 'cascade' }),
    stepId: uuid('step_id').references(() => testSteps.id, { onDelete: 'cascade' }),
    /** Set for an issue filed from one of the report's findings (`generate_issue`): the report lists it. */
    reportId: uuid('report_id').references((): AnyPgColumn => testRunReports.id, { onDelete: 'set null' }),
    position: integer('position').notNull(),
  },
  (t) => [
    index('test_run_issues_report_idx').on(t.reportId),
    index('test_run_issues_run_idx').on(t.runId, t.position),
    index('test_run_issues_issue_idx').on(t.issueId),
  ],
);

/** Analysis reports (the reports issue fills them in); listed here so run summaries count them. */
export const testRunReports = pgTable(
  'test_run_reports',
  {
    id: uuid('id').primaryKey(),
    runId: uuid('run_id')
      .notNull()
      .references(() => testRuns.id, { onDelete: 'cascade' }),
    scope: text('scope').$type<ReportScope>().notNull(),
    cardId: uuid('card_id').references(() => testCards.id, { onDelete: 'cascade' }),
    stepId: uuid('step_id').references(() => testSteps.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    status: text('status').$type<ReportStatus>().notNull().default('pending'),
    content: text('content').notNull().default(''),
    summary: text('summary').notNull().default(''),
    findings: jsonb('findings')
      .notNull()
      .default(sql`'[]'::jsonb`),
    error: text('error'),
    /** The SVG charts the report job stored as assistant attachments: `[{attachment_id, channel, file_name}]`. */
    charts: jsonb('charts')
      .$type<ReportChart[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    analysisContext: text('analysis_context').notNull().default(''),
    jobRunId: uuid('job_run_id'),
    createdBy: text('created_by').notNull(),
    creatorId: uuid('creator_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('test_run_reports_run_idx').on(t.runId, t.createdAt, t.id)],
);

/**
 * First-pass verdict counts per system and UTC month of the run's creation, kept at write time so the
 * analytics sum a few thousand rows instead of grouping every step (3.05 s p50 over 2,000,000 steps,
 * bench/RESULTS.md). `level` 'card' rows count each live run's first card of a title by its verdict
 * (`step_title` ''); 'step' rows count that card's steps by (card title, step title, verdict). Every
 * write below a run applies the difference of the run's contribution before and after it, in the same
 * transaction (yield-buckets.repository.ts); a deleted run takes its contribution away; rows at 0 go.
 */
export const testYieldBuckets = pgTable(
  'test_yield_buckets',
  {
    systemId: uuid('system_id')
      .notNull()
      .references(() => systems.id),
    month: timestamp('month', { withTimezone: true, mode: 'date' }).notNull(),
    level: text('level').$type<'card' | 'step'>().notNull(),
    cardTitle: text('card_title').notNull(),
    stepTitle: text('step_title').notNull(),
    verdict: text('verdict').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.systemId, t.month, t.level, t.cardTitle, t.stepTitle, t.verdict] })],
);
