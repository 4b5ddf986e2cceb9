// Timestamps written the way a desktop logger or a spreadsheet writes them in its locale rather than
// ISO 8601: `25.11.2026 10:00:00.5` (day first, as European loggers do), `11/25/2026 10:00:00 PM`
// (month first, as a US-locale spreadsheet exports). DuckDB reads neither as a timestamp; left as text,
// the file had no time axis (row numbers, no gaps in seconds, no durations).
import { quoteIdent as q, quoteString } from './columns.js';

const TIMES_OF_DAY = ['%H:%M:%S.%f', '%H:%M:%S', '%H:%M', '%I:%M:%S.%f %p', '%I:%M:%S %p', '%I:%M %p'];

/** strptime format lists, one per reading of the date's order; `.` dates are only ever day first. */
const ORDERS = {
  monthFirst: ['%m/%d/%Y', '%m-%d-%Y'],
  dayFirst: ['%d.%m.%Y', '%d/%m/%Y', '%d-%m-%Y'],
};

function formatList(dates: string[]): string {
  const formats = dates.flatMap((d) => TIMES_OF_DAY.map((t) => `${d} ${t}`));
  return `[${formats.map(quoteString).join(', ')}]`;
}

/** SQL giving the TIMESTAMP a locale-written text `column` holds in the order `formats` reads. */
export function localTimestamp(column: string, formats: string): string {
  return `try_strptime(trim(${q(column)}), ${formats})`;
}

/**
 * The SQL questions that decide whether `column` (of table `table`, rows ordered by `__rn`) holds
 * locale-written timestamps, and in which order, over the rows sampled to type the file. The
 * answer's `m`/`d` are the shares of cells each order reads, `mPath`/`dPath` the seconds time travels over them, forwards and back:
 * `01/01/2026 23:59` then `02/01/2026 00:00` reads either way, but day first it is one minute, month
 * first a month; a log's clock takes the shorter path.
 */
export function localTimeQuery(table: string, column: string): string {
  const m = localTimestamp(column, formatList(ORDERS.monthFirst));
  const d = localTimestamp(column, formatList(ORDERS.dayFirst));
  return `WITH s AS (
      SELECT __rn, epoch(${m}) AS m, epoch(${d}) AS d FROM ${table} WHERE ${q(column)} IS NOT NULL
    ), w AS (SELECT m, d, lag(m) OVER (ORDER BY __rn) AS pm, lag(d) OVER (ORDER BY __rn) AS pd FROM s)
    SELECT avg(CASE WHEN m IS NOT NULL THEN 1.0 ELSE 0 END) AS m,
           avg(CASE WHEN d IS NOT NULL THEN 1.0 ELSE 0 END) AS d,
           coalesce(sum(abs(m - pm)), 0) AS "mPath",
           coalesce(sum(abs(d - pd)), 0) AS "dPath"
    FROM w`;
}

export interface LocalTimeAnswer {
  m: number | null;
  d: number | null;
  mPath: number;
  dPath: number;
}

/**
 * The format list to read the column with, or null when it is not locale-written time (at least 90%
 * of its cells must read). When both orders read it, the one whose time travels less wins; month
 * first when they tie (one day's log), as a US-locale spreadsheet writes slashes.
 */
export function localTimeFormats(answer: LocalTimeAnswer | undefined): string | null {
  if (!answer) return null;
  const month = (answer.m ?? 0) > 0.9;
  const day = (answer.d ?? 0) > 0.9;
  if (month && day) {
    return answer.dPath < answer.mPath ? formatList(ORDERS.dayFirst) : formatList(ORDERS.monthFirst);
  }
  if (month) return formatList(ORDERS.monthFirst);
  if (day) return formatList(ORDERS.dayFirst);
  return null;
}
