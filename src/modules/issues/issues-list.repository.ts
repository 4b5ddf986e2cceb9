// The issue list: filters, full-text search with ranking, sort and count. Answers a page of ids and
// the total; the service then reads those rows. Selecting ids first keeps a deep page cheap: with
// 1M issues, `OFFSET 100000` over full rows read 100,000 heap tuples only to drop them, while over
// ids it walks the (status, priority, created_at, id) index alone (bench/RESULTS.md, issues).
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import type { IssuePriority, IssueSort, IssueStatus } from './issues.schemas.js';

export interface IssueFilter {
  statuses?: IssueStatus[];
  priorities?: IssuePriority[];
  q?: string;
  tags?: string[];
  owner?: string;
  createdBy?: string;
  systemId?: string;
  createdAfter?: Date;
  createdBefore?: Date;
  sort: IssueSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** Comments count half as much as the issue's own words (title A, description B) towards relevance. */
const COMMENT_WEIGHT = 0.5;

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** `column = v` for one value (an index equality), `column IN (…)` for several. */
const anyOf = (column: SQL, values: readonly string[]) =>
  values.length === 1 ? sql`${column} = ${values[0]}` : sql`${column} IN (${list(values)})`;

function conditions(f: IssueFilter): SQL {
  const parts: SQL[] = [sql`i.deleted_at IS NULL`];
  if (f.statuses?.length) parts.push(anyOf(sql`i.status`, f.statuses));
  if (f.priorities?.length) parts.push(anyOf(sql`i.priority`, f.priorities));
  if (f.tags?.length) parts.push(sql`i.tags @> ARRAY[${list(f.tags)}]::text[]`);
  if (f.owner !== undefined) parts.push(sql`i.owner = ${f.owner}`);
  if (f.createdBy !== undefined) parts.push(sql`i.created_by = ${f.createdBy}`);
  if (f.systemId !== undefined) parts.push(sql`i.system_id = ${f.systemId}`);
  if (f.createdAfter) parts.push(sql`i.created_at >= ${f.createdAfter.toISOString()}::timestamptz`);
  if (f.createdBefore) parts.push(sql`i.created_at < ${f.createdBefore.toISOString()}::timestamptz`);
  return sql.join(parts, sql` AND `);
}

/**
 * Issues whose own words or live comments match, each with its relevance: ts_rank over title and
 * description plus half the rank of every matching comment. Two GIN lookups joined by UNION ALL, not
 * one OR across the join, so each side uses its own index.
 */
const matches = (q: string, ranked: boolean) => {
  const rank = (vector: SQL, weight = 1) =>
    ranked ? sql`, ts_rank(${vector}, query) * ${weight} AS rank` : sql``;
  return sql`query AS (SELECT websearch_to_tsquery('english', ${q}) AS query),
    hits AS (
      SELECT i.id ${rank(sql`i.search`)} FROM issues i, query
       WHERE i.search @@ query AND i.deleted_at IS NULL
      UNION ALL
      SELECT c.issue_id ${rank(sql`c.search`, COMMENT_WEIGHT)} FROM issue_comments c, query
       WHERE c.search @@ query AND c.deleted_at IS NULL),
    matched AS (SELECT id${ranked ? sql`, sum(rank) AS rank` : sql``} FROM hits GROUP BY id)`;
};

function orderBy(f: IssueFilter): SQL {
  const dir = f.order === 'desc' ? sql`DESC` : sql`ASC`;
  const key = {
    created_at: sql`i.created_at`,
    updated_at: sql`i.updated_at`,
    priority: sql`i.priority_rank`,
    relevance: sql`m.rank`,
  }[f.sort];
  // Ties fall back to the order of every list (created_at, then uuid), in the same direction. Equal
  // relevance falls back to the uuid alone (UUIDv7: creation order), which the join to live issues
  // reads from an index: sorting 10k matches by created_at read 10k heap rows (~115 ms against ~45).
  const ties = {
    created_at: sql`i.id ${dir}`,
    updated_at: sql`i.created_at ${dir}, i.id ${dir}`,
    priority: sql`i.created_at ${dir}, i.id ${dir}`,
    relevance: sql`m.id ${dir}`,
  }[f.sort];
  return sql`ORDER BY ${key} ${dir}, ${ties}`;
}

export async function listIssueIds(ex: Executor, f: IssueFilter): Promise<{ ids: string[]; count: number }> {
  const where = conditions(f);
  const page = orderBy(f);
  const [rows, total] = await Promise.all([
    queryRows<{ id: string }>(
      ex,
      f.q === undefined
        ? sql`SELECT i.id FROM issues i WHERE ${where} ${page} LIMIT ${f.limit} OFFSET ${f.offset}`
        : sql`WITH ${matches(f.q, f.sort === 'relevance')}
              SELECT i.id FROM matched m JOIN issues i ON i.id = m.id
               WHERE ${where} ${page} LIMIT ${f.limit} OFFSET ${f.offset}`,
    ),
    queryRows<{ n: number }>(
      ex,
      f.q === undefined
        ? sql`SELECT count(*) AS n FROM issues i WHERE ${where}`
        : sql`WITH ${matches(f.q, false)}
              SELECT count(*) AS n FROM matched m JOIN issues i ON i.id = m.id WHERE ${where}`,
    ),
  ]);
  return { ids: rows.map((r) => r.id), count: total[0]?.n ?? 0 };
}
