// Rows of a run tree (run-tree.repository.ts) grouped into the API's shapes in JS: each list is
// indexed once by its parent id, so a run of 1,000 steps is assembled in linear time.
import { iso, isoOrNull } from '../../core/ids.js';
import type { FileRow, IssueLinkRow, ReportRow, RunTree, StepRow, CardRow } from './run-tree.repository.js';
import type {
  IssueRef,
  Measurement,
  Observation,
  ReportSummary,
  TestCard,
  TestDataFile,
  TestStep,
} from './test-runs.schemas.js';

function groupBy<T>(items: readonly T[], key: (item: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === null) continue;
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

export function toReportSummary(r: ReportRow): ReportSummary {
  return {
    uuid: r.id,
    title: r.title,
    scope: r.scope,
    status: r.status,
    summary: r.summary,
    job_run_id: r.jobRunId,
    created_by: r.createdBy,
    created_at: iso(r.createdAt),
  };
}

const toIssueRef = (i: IssueLinkRow): IssueRef => ({
  uuid: i.uuid,
  title: i.title,
  status: i.status,
  priority: i.priority,
});

/** The tree's lookups, built once; `card()` and `step()` render any card or step of it. */
export function presenter(tree: RunTree) {
  const associations = groupBy(tree.associations, (a) => a.fileId);
  const toFile = (f: FileRow): TestDataFile => ({
    uuid: f.id,
    file_name: f.fileName,
    storage_url: f.storageUrl,
    file_size: f.fileSize,
    content_type: f.contentType,
    uploaded_by: f.uploadedBy,
    created_at: iso(f.createdAt),
    associations: (associations.get(f.id) ?? []).map((a) => ({
      test_card_id: a.cardId,
      test_step_id: a.stepId,
    })),
  });
  const files = new Map(tree.files.map((f) => [f.id, f]));
  const filesOf = (key: (a: (typeof tree.associations)[number]) => string | null) => {
    const grouped = groupBy(tree.associations, key);
    return (id: string) =>
      [...new Set((grouped.get(id) ?? []).map((a) => a.fileId))].flatMap((fid) => {
        const f = files.get(fid);
        return f ? [toFile(f)] : [];
      });
  };
  const cardFiles = filesOf((a) => (a.stepId === null ? a.cardId : null));
  const stepFiles = filesOf((a) => a.stepId);
  const cardIssues = groupBy(tree.issueLinks, (i) => (i.stepId === null ? i.cardId : null));
  const stepIssues = groupBy(tree.issueLinks, (i) => i.stepId);
  const cardReports = groupBy(tree.reports, (r) => (r.scope === 'card' ? r.cardId : null));
  const stepReports = groupBy(tree.reports, (r) => (r.scope === 'step' ? r.stepId : null));
  const measurements = groupBy(tree.measurements, (m) => m.stepId);
  const observations = groupBy(tree.observations, (o) => o.stepId);
  const steps = groupBy(tree.steps, (s) => s.cardId);

  const step = (s: StepRow): TestStep => ({
    uuid: s.id,
    title: s.title,
    description: s.description,
    order: s.position,
    step_type: s.stepType,
    execution_status: s.executionStatus,
    exception: s.exception,
    started_at: isoOrNull(s.startedAt),
    ended_at: isoOrNull(s.endedAt),
    measurements: (measurements.get(s.id) ?? []).map((m): Measurement => ({
      name: m.name,
      value: m.value,
      units: m.units,
      low: m.low,
      high: m.high,
      marginal_low: m.marginalLow,
      marginal_high: m.marginalHigh,
      outcome: m.outcome,
    })),
    measurement_specs: s.measurementSpecs,
    observations: (observations.get(s.id) ?? []).map((o): Observation => ({
      uuid: o.id,
      text: o.text,
      attachment_ids: o.attachmentIds,
      created_by: o.createdBy,
      created_at: iso(o.createdAt),
    })),
    test_data: stepFiles(s.id),
    issues: (stepIssues.get(s.id) ?? []).map(toIssueRef),
    reports: (stepReports.get(s.id) ?? []).map(toReportSummary),
    created_at: iso(s.createdAt),
    updated_at: iso(s.updatedAt),
  });

  const card = (c: CardRow): TestCard => ({
    uuid: c.id,
    title: c.title,
    description: c.description,
    order: c.position,
    template_id: c.templateId,
    template_version: c.templateVersion,
    test_steps: (steps.get(c.id) ?? []).map(step),
    issues: (cardIssues.get(c.id) ?? []).map(toIssueRef),
    test_data: cardFiles(c.id),
    reports: (cardReports.get(c.id) ?? []).map(toReportSummary),
    created_at: iso(c.createdAt),
    updated_at: iso(c.updatedAt),
  });

  return {
    card,
    step,
    cards: () => tree.cards.map(card),
    runFiles: () => tree.files.map(toFile),
    runIssues: () => tree.issueLinks.filter((i) => i.cardId === null && i.stepId === null).map(toIssueRef),
    runReports: () => tree.reports.map(toReportSummary),
  };
}
