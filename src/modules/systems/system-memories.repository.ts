// SQL for searching current entity memories. Full text uses the english configuration and the GIN
// index on to_tsvector('english', memory); relevance is ts_rank.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';

export interface MemorySearch {
  search?: string;
  entityIds?: string[];
  rootEntityIds?: string[];
  contributors?: string[];
  sort: 'relevance' | 'updated_at' | 'entity_name';
  limit: number;
  offset: number;
}

export interface MemoryHit {
  version_id: string;
  restored_from_version: number | null;
  content: string;
  contributors: string[];
  updated_at: Date;
  system_id: string;
  system_name: string;
  entity_id: string;
  entity_name: string;
  entity_type: string;
}

const ORDER: Record<MemorySearch['sort'], SQL> = {
  relevance: sql`rank DESC, e.memory_updated_at DESC, e.id`,
  updated_at: sql`e.memory_updated_at DESC, e.id`,
  entity_name: sql`lower(e.name), e.id`,
};

/** The matching current memories, as a FROM/WHERE both the page and the count read. */
function matching(q: MemorySearch, query: SQL | undefined): { with: SQL; from: SQL; where: SQL } {
  const where: SQL[] = [sql`NOT e.is_deleted`, sql`e.memory <> ''`];
  if (query) where.push(sql`to_tsvector('english', e.memory) @@ ${query}`);
  if (q.entityIds) where.push(sql`e.id = ANY(${sql.param(q.entityIds)}::uuid[])`);
  if (q.contributors) where.push(sql`e.memory_contributors && ${sql.param(q.contributors)}::text[]`);
  if (q.rootEntityIds) where.push(sql`e.id IN (SELECT id FROM under)`);
  return {
    with: q.rootEntityIds
      ? sql`WITH RECURSIVE under(id) AS (
              SELECT unnest(${sql.param(q.rootEntityIds)}::uuid[])
              UNION
              SELECT r.target_entity_id FROM relationships r JOIN under u ON r.source_entity_id = u.id
              WHERE r.relationship_type = 'CONTAINS' AND NOT r.is_deleted AND NOT r.is_pending)`
      : sql``,
    from: sql`FROM entities e JOIN systems s ON s.id = e.system_id AND NOT s.is_deleted`,
    where: sql`WHERE ${sql.join(where, sql` AND `)}`,
  };
}

export async function searchMemories(
  ex: Executor,
  q: MemorySearch,
): Promise<{ hits: MemoryHit[]; count: number }> {
  const query = q.search ? sql`websearch_to_tsquery('english', ${q.search})` : undefined;
  const m = matching(q, query);
  const [hits, total] = await Promise.all([
    queryRows<MemoryHit>(
      ex,
      sql`${m.with}
          SELECT v.id AS version_id, v.restored_from_version, e.memory AS content,
                 e.memory_contributors AS contributors, e.memory_updated_at AS updated_at,
                 s.id AS system_id, s.name AS system_name,
                 e.id AS entity_id, e.name AS entity_name, e.entity_type,
                 ${query ? sql`ts_rank(to_tsvector('english', e.memory), ${query})` : sql`0`} AS rank
          ${m.from}
          JOIN LATERAL (SELECT id, restored_from_version FROM entity_memory_versions
                        WHERE entity_id = e.id ORDER BY version DESC LIMIT 1) v ON true
          ${m.where}
          ORDER BY ${ORDER[q.sort]}
          LIMIT ${q.limit} OFFSET ${q.offset}`,
    ),
    queryRows<{ n: number }>(ex, sql`${m.with} SELECT count(*)::int AS n ${m.from} ${m.where}`),
  ]);
  return { hits, count: total[0]?.n ?? 0 };
}
