// SQL for entities and the system's metagraph version. Bulk writes go through unnest() of array
// parameters: one statement per chunk whatever the row count, far below drizzle's one-parameter-per-
// value inserts, which hit PostgreSQL's 65,535-parameter ceiling at ~7k entities.
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { entities } from '../../db/schema.js';

export type EntityRow = typeof entities.$inferSelect;

/** Rows per INSERT statement: large enough to amortise a round trip, small enough to bound memory. */
export const CHUNK = 5_000;

/**
 * The sorted `[{key, value}]` of a properties object, as compact JSON text; key order is code-point
 * order (COLLATE "C"). Every write of properties sets attributes from this, so reads copy it as is.
 */
export const attributesOf = (properties: SQL) =>
  sql`COALESCE((SELECT ('[' || string_agg(row_to_json(p)::text, ',' ORDER BY p.key COLLATE "C") || ']')::json
                FROM jsonb_each_text(${properties}) p), '[]'::json)`;

export function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export async function liveEntityIds(ex: Executor, systemId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const found = new Set<string>();
  for (const part of chunks(ids, 10_000)) {
    const rows = await queryRows<{ id: string }>(
      ex,
      sql`SELECT id FROM entities WHERE system_id = ${systemId} AND NOT is_deleted
          AND id = ANY(${sql.param(part)}::uuid[])`,
    );
    rows.forEach((r) => found.add(r.id));
  }
  return found;
}

export interface NewEntity {
  id: string;
  entityType: string;
  name: string;
  description: string | null;
  properties: Record<string, string>;
}

export async function insertEntities(ex: Executor, systemId: string, by: string, rows: NewEntity[]) {
  for (const part of chunks(rows)) {
    await ex.execute(sql`
      INSERT INTO entities (id, system_id, entity_type, name, description, properties, attributes, created_by)
      SELECT u.id, ${systemId}, u.entity_type, u.name, u.description, u.properties::jsonb,
             ${attributesOf(sql`u.properties::jsonb`)}, ${by}
      FROM unnest(${sql.param(part.map((r) => r.id))}::uuid[],
                  ${sql.param(part.map((r) => r.entityType))}::text[],
                  ${sql.param(part.map((r) => r.name))}::text[],
                  ${sql.param(part.map((r) => r.description))}::text[],
                  ${sql.param(part.map((r) => JSON.stringify(r.properties)))}::text[])
        AS u(id, entity_type, name, description, properties)`);
  }
}

export interface EntityPatch {
  name?: string;
  entityType?: string;
  description?: string | null;
  /** Keys to set and keys to remove (a null value in the request). */
  setProperties: Record<string, string>;
  removeProperties: string[];
}

/** SET clauses merging a properties patch, and the attributes that follow from the result. */
export function propertiesPatch(patch: {
  setProperties: Record<string, string>;
  removeProperties: string[];
}): SQL[] {
  const merged = sql`((properties || ${JSON.stringify(patch.setProperties)}::jsonb) - ${sql.param(patch.removeProperties)}::text[])`;
  return [sql`properties = ${merged}`, sql`attributes = ${attributesOf(merged)}`];
}

export async function updateEntity(ex: Executor, id: string, patch: EntityPatch): Promise<void> {
  const sets: SQL[] = [sql`updated_at = now()`];
  if (patch.name !== undefined) sets.push(sql`name = ${patch.name}`);
  if (patch.entityType !== undefined) sets.push(sql`entity_type = ${patch.entityType}`);
  if (patch.description !== undefined) sets.push(sql`description = ${patch.description}`);
  if (Object.keys(patch.setProperties).length > 0 || patch.removeProperties.length > 0) {
    sets.push(...propertiesPatch(patch));
  }
  await ex.execute(sql`UPDATE entities SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
}

export async function softDeleteEntities(ex: Executor, ids: string[]): Promise<void> {
  for (const part of chunks(ids, 10_000)) {
    await ex.execute(sql`UPDATE entities SET is_deleted = true, deleted_at = now(), updated_at = now()
                         WHERE id = ANY(${sql.param(part)}::uuid[]) AND NOT is_deleted`);
  }
}

export async function listEntities(
  ex: Executor,
  systemId: string,
  filter: { entityType?: string; includePending: boolean; externalId?: string },
): Promise<EntityRow[]> {
  const conditions = [eq(entities.systemId, systemId), eq(entities.isDeleted, false)];
  if (!filter.includePending) conditions.push(eq(entities.isPending, false));
  if (filter.entityType) conditions.push(eq(entities.entityType, filter.entityType));
  if (filter.externalId !== undefined) conditions.push(eq(entities.externalId, filter.externalId));
  return ex
    .select()
    .from(entities)
    .where(and(...conditions))
    .orderBy(asc(entities.createdAt), asc(entities.id));
}

export async function findLiveEntity(
  ex: Executor,
  systemId: string,
  id: string,
): Promise<EntityRow | undefined> {
  const rows = await ex
    .select()
    .from(entities)
    .where(and(eq(entities.id, id), eq(entities.systemId, systemId), eq(entities.isDeleted, false)))
    .limit(1);
  return rows[0];
}

/**
 * Whether the entity is live in a live system. With `lock`, holds the entity row for the
 * transaction, so versions of its memory are numbered one after another.
 */
export async function liveEntityInLiveSystem(
  ex: Executor,
  systemId: string,
  entityId: string,
  lock = false,
): Promise<boolean> {
  const rows = await queryRows(
    ex,
    sql`SELECT e.id FROM entities e JOIN systems s ON s.id = e.system_id AND NOT s.is_deleted
        WHERE e.id = ${entityId} AND e.system_id = ${systemId} AND NOT e.is_deleted
        ${lock ? sql`FOR UPDATE OF e` : sql``}`,
  );
  return rows.length > 0;
}

/**
 * The entity row carries its current memory and contributors (history in entity_memory_versions), so
 * a full metagraph read and memory search need no per-entity lookup. Returns the contributors.
 */
export async function setCurrentMemory(
  ex: Executor,
  entityId: string,
  memory: { content: string; updatedAt: Date; contributor: string },
): Promise<string[]> {
  const [row] = await queryRows<{ memory_contributors: string[] }>(
    ex,
    sql`UPDATE entities SET memory = ${memory.content}, memory_updated_at = ${memory.updatedAt.toISOString()},
          memory_contributors = CASE WHEN ${memory.contributor} = ANY(memory_contributors) THEN memory_contributors
                                     ELSE array_append(memory_contributors, ${memory.contributor}) END
        WHERE id = ${entityId} RETURNING memory_contributors`,
  );
  return row?.memory_contributors ?? [];
}
