// What one generate_issue run covers, read from its config: the system, the run, the reports whose
// findings count, and the failures to file. A config that names something absent or of another
// system fails the run with a message naming the field, before anything is filed (as
// metagraph_update does with an unknown system: the config is checked against the data at run time,
// since the data may change between the job's creation and its run).
import type { Db } from '../../db/client.js';
import * as systemsRepo from '../systems/systems.repository.js';
import * as repo from './generate-issue.repository.js';
import {
  findingKey,
  isFiled,
  stepKey,
  storedFindings,
  type Failure,
  type StoredFinding,
} from './generate-issue.rules.js';

export interface ScopeConfig {
  system_id: string;
  test_run_id?: string;
  report_id?: string;
  finding_ids?: string[];
}

/** A config naming something absent or of another system: the run fails with this message. */
export class ScopeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScopeError';
  }
}

export interface Scope {
  run: repo.RunRow;
  failures: Failure[];
  /** Findings of low severity in scope, counted for the run's last message. */
  lowFindings: number;
}

const TR = /^TR-(\d{1,9})$/i;

async function runOf(db: Db, config: ScopeConfig): Promise<repo.RunRow | undefined> {
  const given = config.test_run_id;
  if (given === undefined) return undefined;
  const number = TR.exec(given)?.[1];
  const run = number
    ? await repo.findLiveRunByNumber(db, config.system_id, Number(number))
    : await repo.findLiveRun(db, given);
  if (!run)
    throw new ScopeError(`test_run_id "${given}" names no live test run of system ${config.system_id}.`);
  if (run.systemId !== config.system_id) {
    throw new ScopeError(
      `test_run_id "${given}" is a test run of another system, not of ${config.system_id}.`,
    );
  }
  return run;
}

async function reportOf(db: Db, config: ScopeConfig, run: repo.RunRow | undefined) {
  const id = config.report_id;
  if (id === undefined) return undefined;
  const report = await repo.findReport(db, id);
  const reportRun = report && (await repo.findLiveRun(db, report.runId));
  if (!report || !reportRun) throw new ScopeError(`report_id "${id}" names no report of a live test run.`);
  if (reportRun.systemId !== config.system_id) {
    throw new ScopeError(
      `report_id "${id}" is a report of another system's test run, not of ${config.system_id}.`,
    );
  }
  if (run && report.runId !== run.id) {
    throw new ScopeError(
      `report_id "${id}" is a report of another test run than test_run_id "${config.test_run_id}".`,
    );
  }
  if (report.status !== 'completed') {
    throw new ScopeError(
      `report_id "${id}" is ${report.status}: only a completed report's findings can be filed.`,
    );
  }
  return { report, run: reportRun };
}

/**
 * The failures the config covers, in a stable order (failed steps by card and step, then findings
 * report by report), each once: a fault found by several reports of the run is one failure.
 * `test_run_id` alone: the run's failed steps and the findings of all its completed reports.
 * `report_id`: that report's findings only. `finding_ids`: only those findings (each must be in scope).
 */
export async function resolveScope(db: Db, given: ScopeConfig): Promise<Scope> {
  // Ids compare as the database writes them (lower case); finding ids are the analyst's hex, as given.
  const config = {
    ...given,
    system_id: given.system_id.toLowerCase(),
    test_run_id: given.test_run_id?.toLowerCase().replace(/^tr-/, 'TR-'),
    report_id: given.report_id?.toLowerCase(),
  };
  if (!(await systemsRepo.findLiveSystem(db, config.system_id))) {
    throw new ScopeError(`system_id "${config.system_id}" names no live system.`);
  }
  const named = await runOf(db, config);
  const fromReport = await reportOf(db, config, named);
  const run = named ?? fromReport?.run;
  if (!run)
    throw new ScopeError('Name a test_run_id or a report_id: the job files the failures of one test run.');

  const failures: Failure[] = [];
  const wanted = config.finding_ids ? new Set(config.finding_ids) : undefined;
  if (!fromReport && !wanted) {
    const steps = await repo.failedSteps(db, run.id);
    const measurements = await repo.notPassedMeasurements(
      db,
      steps.map((s) => s.stepId),
    );
    for (const step of steps) {
      const own = measurements.filter((m) => m.stepId === step.stepId);
      failures.push({ type: 'step', key: stepKey(step.stepId), run, step, measurements: own });
    }
  }

  const reports = fromReport ? [fromReport.report] : await repo.completedReports(db, run.id);
  const titles = await repo.titles(db, run.id);
  const seen = new Set<string>();
  let lowFindings = 0;
  for (const report of reports) {
    for (const finding of storedFindings(report.findings)) {
      if (wanted && !(finding.id !== undefined && wanted.has(finding.id))) continue;
      if (finding.id !== undefined) seen.add(finding.id);
      if (!isFiled(finding)) {
        lowFindings++;
        continue;
      }
      failures.push(findingFailure(run, report, finding, titles));
    }
  }
  const missing = [...(wanted ?? [])].filter((id) => !seen.has(id));
  if (missing.length > 0) {
    const where = fromReport
      ? `report ${fromReport.report.id}`
      : `the completed reports of test run ${run.id}`;
    throw new ScopeError(`finding_ids ${missing.map((m) => `"${m}"`).join(', ')}: not findings of ${where}.`);
  }
  const keys = new Set<string>();
  return {
    run,
    failures: failures.filter((f) => !keys.has(f.key) && keys.add(f.key)),
    lowFindings,
  };
}

function findingFailure(
  run: repo.RunRow,
  report: repo.ReportRow,
  finding: StoredFinding,
  titles: Map<string, string>,
): Failure {
  return {
    type: 'finding',
    key: findingKey(run.id, finding),
    run,
    report,
    finding,
    cardTitle: report.cardId ? (titles.get(report.cardId) ?? null) : null,
    stepTitle: report.stepId ? (titles.get(report.stepId) ?? null) : null,
  };
}
