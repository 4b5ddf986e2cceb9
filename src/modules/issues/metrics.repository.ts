// SQL for the issue metrics: counts by status, and the weekly flow of the last METRIC_WEEKS weeks as
// a few grouped rows (the service turns them into bars and the backlog line). Weeks start on Monday,
// UTC, whatever the session's time zone. Only the window's rows are read for the flow: the backlog at
// each week's end is derived from today's open count and what moved since (metrics.service.ts).
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import type { IssueStatus } from './issues.schemas.js';
import { METRIC_WEEKS } from './metrics.schemas.js';

/** The window's first Monday, 00:00 UTC, as a UTC wall-clock time (timestamp without zone). */
const FIRST_MONDAY = sql.raw(
  `(date_trunc('week', now() AT TIME ZONE 'UTC') - interval '${METRIC_WEEKS - 1} weeks')`,
);
/** The same instant as a timestamptz, to compare with the columns (and range-scan their indexes). */
const START = sql`(${FIRST_MONDAY} AT TIME ZONE 'UTC')`;
/** The Monday 00:00 (UTC wall clock) starting the week of `column`. */
const week = (column: SQL) => sql`date_trunc('week', ${column} AT TIME ZONE 'UTC')`;

export interface WeeklyOpened {
  week: string;
  opened: number;
  /** Of those, how many are open or in progress now. */
  still_open: number;
}
export interface WeeklyClosed {
  /** The week of the issue's last move to resolved or rejected. */
  closed_week: string;
  /** The week it was filed, or '' when before the window. */
  created_week: string;
  closed: number;
  resolved: number;
}

export async function issueFlow(ex: Executor, systemId: string | undefined) {
  const scope = systemId === undefined ? sql`` : sql`AND system_id = ${systemId}`;
  const [statuses, weeks, opened, closed] = await Promise.all([
    queryRows<{ status: IssueStatus; n: number }>(
      ex,
      sql`SELECT status, count(*) AS n FROM issues WHERE deleted_at IS NULL ${scope} GROUP BY status`,
    ),
    queryRows<{ week: string }>(
      ex,
      // Without a zone, so a week is 7 days of 24 hours whatever the session's daylight saving.
      sql`SELECT to_char(w, 'YYYY-MM-DD') AS week
            FROM generate_series(${FIRST_MONDAY}, now() AT TIME ZONE 'UTC', interval '1 week') AS w
           ORDER BY w`,
    ),
    // Grouped by the truncated week and formatted after: to_char on every row of the window was a
    // third of the query's time.
    queryRows<WeeklyOpened>(
      ex,
      sql`SELECT to_char(w, 'YYYY-MM-DD') AS week, opened, still_open FROM (
            SELECT ${week(sql`created_at`)} AS w, count(*) AS opened,
                   count(*) FILTER (WHERE closed_at IS NULL) AS still_open
              FROM issues WHERE deleted_at IS NULL AND created_at >= ${START} ${scope} GROUP BY 1) AS weeks`,
    ),
    queryRows<WeeklyClosed>(
      ex,
      sql`SELECT to_char(cw, 'YYYY-MM-DD') AS closed_week, coalesce(to_char(crw, 'YYYY-MM-DD'), '') AS created_week,
                 closed, resolved FROM (
            SELECT ${week(sql`closed_at`)} AS cw,
                   CASE WHEN created_at >= ${START} THEN ${week(sql`created_at`)} END AS crw,
                   count(*) AS closed, count(*) FILTER (WHERE status = 'resolved') AS resolved
              FROM issues WHERE deleted_at IS NULL AND closed_at >= ${START} ${scope} GROUP BY 1, 2) AS weeks`,
    ),
  ]);
  return { statuses, weeks: weeks.map((w) => w.week), opened, closed };
}
