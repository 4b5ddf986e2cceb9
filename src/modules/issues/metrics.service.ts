// Issue metrics: a pie chart of issues by status and a mixed chart of the weekly flow (opened and
// resolved bars, the open backlog as a line). The charts are built from a few grouped rows by pure
// functions (tested in metrics.test.ts without a database).
//
// Why no summary table: on 1M issues in PostgreSQL the four grouped queries answer within the 200 ms
// target from the indexes alone (bench/RESULTS.md, issues), and a summary kept by triggers would put
// a hot row under every write of every issue. Counting by status walks a covering index; the flow
// reads only the last 12 weeks' rows.
import type { Db } from '../../db/client.js';
import { ISSUE_STATUSES, type IssueStatus } from './issues.schemas.js';
import * as repo from './metrics.repository.js';
import { STATUS_COLORS, type Dataset, type Metrics, type PieChart } from './metrics.schemas.js';

export function statusPie(counts: { status: IssueStatus; n: number }[]): PieChart {
  const count = (status: IssueStatus) => counts.find((c) => c.status === status)?.n ?? 0;
  return {
    chart_type: 'pie_chart',
    chart_data: {
      title: 'Issues by status',
      data: ISSUE_STATUSES.map((s) => ({ label: s, value: count(s), color: STATUS_COLORS[s] })),
      colors: { ...STATUS_COLORS },
      display_config: { show_legend: true, show_values: true, unit: 'issues' },
    },
  };
}

/**
 * Bars and backlog per week. The backlog at the end of week k is today's open count, less the issues
 * filed after week k that are still open, plus those filed by then that closed after it: exact for
 * every issue that moved at most once, and it never needs a row from before the window.
 */
export function weeklyFlow(input: {
  weeks: string[];
  openNow: number;
  opened: repo.WeeklyOpened[];
  closed: repo.WeeklyClosed[];
}): Dataset[] {
  const { weeks, openNow, opened, closed } = input;
  const sum = <T>(rows: T[], keep: (row: T) => boolean, value: (row: T) => number) =>
    rows.filter(keep).reduce((total, row) => total + value(row), 0);
  const bars = weeks.map((w) => ({
    opened: sum(
      opened,
      (o) => o.week === w,
      (o) => o.opened,
    ),
    resolved: sum(
      closed,
      (c) => c.closed_week === w,
      (c) => c.resolved,
    ),
    backlog:
      openNow -
      sum(
        opened,
        (o) => o.week > w,
        (o) => o.still_open,
      ) +
      sum(
        closed,
        (c) => c.closed_week > w && c.created_week <= w,
        (c) => c.closed,
      ),
  }));
  return [
    { type: 'bar', label: 'Opened', data: bars.map((b) => b.opened), color: STATUS_COLORS.open },
    { type: 'bar', label: 'Resolved', data: bars.map((b) => b.resolved), color: STATUS_COLORS.resolved },
    {
      type: 'line',
      label: 'Open backlog',
      data: bars.map((b) => b.backlog),
      color: STATUS_COLORS.in_progress,
    },
  ];
}

export class IssueMetricsService {
  constructor(private readonly db: Db) {}

  async metrics(query: { system_id?: string }): Promise<Metrics> {
    const flow = await repo.issueFlow(this.db, query.system_id);
    const openNow = flow.statuses
      .filter((s) => s.status === 'open' || s.status === 'in_progress')
      .reduce((total, s) => total + s.n, 0);
    return {
      metrics: [
        statusPie(flow.statuses),
        {
          chart_type: 'mixed_chart',
          chart_data: {
            title: 'Issues opened and resolved per week',
            labels: flow.weeks,
            datasets: weeklyFlow({ weeks: flow.weeks, openNow, opened: flow.opened, closed: flow.closed }),
          },
        },
      ],
    };
  }
}
