// SQL for provenance that outlives its source: the live entities and relationships (pending or
// approved) whose `provenance.sources` cite a document, and writing that property back with the
// attributes recomputed from it. The rule of what to write is in proposals.rules.ts.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { attributesOf, chunks } from './entities.repository.js';
import { KEYS } from './proposals.rules.js';

export type ProvenanceTable = 'entities' | 'relationships';

/**
 * Rows of the system whose sources text mentions the document id. A text match (no JSON parse in SQL),
 * so a property someone edited into invalid JSON cannot fail the delete; the caller parses and decides.
 */
export function rowsCitingDocument(
  ex: Executor,
  table: ProvenanceTable,
  systemId: string,
  documentId: string,
) {
  return queryRows<{ id: string; sources: string }>(
    ex,
    sql`SELECT id, properties->>${KEYS.sources} AS sources FROM ${sql.raw(table)}
        WHERE system_id = ${systemId} AND NOT is_deleted
          AND strpos(properties->>${KEYS.sources}, ${documentId}) > 0`,
  );
}

/** Sets `provenance.sources` of these rows (attributes follow), 5,000 rows a statement. */
export async function setSources(
  ex: Executor,
  table: ProvenanceTable,
  rows: { id: string; sources: string }[],
): Promise<void> {
  for (const part of chunks(rows)) {
    const merged = sql`(t.properties || jsonb_build_object(${KEYS.sources}::text, u.sources))`;
    await ex.execute(sql`
      UPDATE ${sql.raw(table)} t SET properties = ${merged}, attributes = ${attributesOf(merged)},
                                     updated_at = now()
      FROM unnest(${sql.param(part.map((r) => r.id))}::uuid[], ${sql.param(part.map((r) => r.sources))}::text[])
        AS u(id, sources)
      WHERE t.id = u.id`);
  }
}
