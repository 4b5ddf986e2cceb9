// SQL for relationships, including the generated CONTAINS edges and the database-side cycle check.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { relationships } from '../../db/schema.js';
import { attributesOf, chunks, propertiesPatch } from './entities.repository.js';

export type RelationshipRow = typeof relationships.$inferSelect;

export async function liveRelationshipTypes(
  ex: Executor,
  systemId: string,
  ids: string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const part of chunks(ids, 10_000)) {
    const rows = await queryRows<{ id: string; relationship_type: string }>(
      ex,
      sql`SELECT id, relationship_type FROM relationships WHERE system_id = ${systemId} AND NOT is_deleted
          AND id = ANY(${sql.param(part)}::uuid[])`,
    );
    rows.forEach((r) => found.set(r.id, r.relationship_type));
  }
  return found;
}

export interface NewRelationship {
  id: string;
  relationshipType: string;
  name: string;
  description: string | null;
  sourceEntityId: string;
  targetEntityId: string;
  properties: Record<string, string>;
}

export async function insertRelationships(
  ex: Executor,
  systemId: string,
  by: string,
  rows: NewRelationship[],
) {
  for (const part of chunks(rows)) {
    await ex.execute(sql`
      INSERT INTO relationships (id, system_id, relationship_type, name, description,
                                 source_entity_id, target_entity_id, properties, attributes, created_by)
      SELECT u.id, ${systemId}, u.relationship_type, u.name, u.description, u.source, u.target,
             u.properties::jsonb, ${attributesOf(sql`u.properties::jsonb`)}, ${by}
      FROM unnest(${sql.param(part.map((r) => r.id))}::uuid[],
                  ${sql.param(part.map((r) => r.relationshipType))}::text[],
                  ${sql.param(part.map((r) => r.name))}::text[],
                  ${sql.param(part.map((r) => r.description))}::text[],
                  ${sql.param(part.map((r) => r.sourceEntityId))}::uuid[],
                  ${sql.param(part.map((r) => r.targetEntityId))}::uuid[],
                  ${sql.param(part.map((r) => JSON.stringify(r.properties)))}::text[])
        AS u(id, relationship_type, name, description, source, target, properties)`);
  }
}

export async function updateRelationship(
  ex: Executor,
  id: string,
  patch: {
    relationshipType?: string;
    name?: string;
    description?: string | null;
    setProperties: Record<string, string>;
    removeProperties: string[];
  },
): Promise<void> {
  const sets = [sql`updated_at = now()`];
  if (patch.relationshipType !== undefined) sets.push(sql`relationship_type = ${patch.relationshipType}`);
  if (patch.name !== undefined) sets.push(sql`name = ${patch.name}`);
  if (patch.description !== undefined) sets.push(sql`description = ${patch.description}`);
  if (Object.keys(patch.setProperties).length > 0 || patch.removeProperties.length > 0) {
    sets.push(...propertiesPatch(patch));
  }
  await ex.execute(sql`UPDATE relationships SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
}

export async function softDeleteRelationships(ex: Executor, ids: string[]): Promise<void> {
  for (const part of chunks(ids, 10_000)) {
    await ex.execute(sql`UPDATE relationships SET is_deleted = true, deleted_at = now(), updated_at = now()
                         WHERE id = ANY(${sql.param(part)}::uuid[]) AND NOT is_deleted`);
  }
}

/** Soft-deletes every live relationship touching these entities; returns the ids it deleted. */
export async function softDeleteTouching(ex: Executor, entityIds: string[]): Promise<string[]> {
  const deleted: string[] = [];
  for (const part of chunks(entityIds, 10_000)) {
    const rows = await queryRows<{ id: string }>(
      ex,
      sql`UPDATE relationships SET is_deleted = true, deleted_at = now(), updated_at = now()
          WHERE NOT is_deleted AND (source_entity_id = ANY(${sql.param(part)}::uuid[])
                                    OR target_entity_id = ANY(${sql.param(part)}::uuid[]))
          RETURNING id`,
    );
    rows.forEach((r) => deleted.push(r.id));
  }
  return deleted;
}

/** Live, approved CONTAINS parents of an entity, with the edge ids (a pending proposal is not a parent yet). */
export async function containsParents(
  ex: Executor,
  childId: string,
): Promise<{ id: string; parent: string }[]> {
  return queryRows(
    ex,
    sql`SELECT id, source_entity_id AS parent FROM relationships
        WHERE target_entity_id = ${childId} AND relationship_type = 'CONTAINS' AND NOT is_deleted AND NOT is_pending`,
  );
}

/**
 * The first of `moved` that now reaches itself going down approved CONTAINS edges, if any (pending
 * proposals are checked when approved). UNION (not UNION ALL) stops the walk on a cycle: each
 * (root, node) pair is visited once.
 */
export async function findContainsCycle(ex: Executor, moved: string[]): Promise<string | undefined> {
  if (moved.length === 0) return undefined;
  const rows = await queryRows<{ root: string }>(
    ex,
    sql`WITH RECURSIVE down(root, node) AS (
          SELECT source_entity_id, target_entity_id FROM relationships
          WHERE source_entity_id = ANY(${sql.param(moved)}::uuid[]) AND relationship_type = 'CONTAINS' AND NOT is_deleted AND NOT is_pending
          UNION
          SELECT d.root, r.target_entity_id FROM down d
          JOIN relationships r ON r.source_entity_id = d.node AND r.relationship_type = 'CONTAINS' AND NOT r.is_deleted AND NOT r.is_pending
        )
        SELECT root FROM down WHERE node = root LIMIT 1`,
  );
  return rows[0]?.root;
}
