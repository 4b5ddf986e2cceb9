// SQL for entities and the system's metagraph version. Bulk writes go through unnest() of array
// parameters: one statement per chunk whatever the row count, far below drizzle's one-parameter-per-
// value inserts, which hit PostgreSQL's 65,535-parameter ceiling at ~7k entities.
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { entities, systems } from '../../db/schema.js';

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

/** Locks the system row for this transaction: concurrent saves on one system queue here. */
export async function lockSystemVersion(ex: Executor, systemId: string): Promise<number | undefined> {
  const rows = await queryRows<{ v: number }>(
    ex,
    sql`SELECT metagraph_version AS v FROM systems WHERE id = ${systemId} AND NOT is_deleted FOR UPDATE`,
  );
  return rows[0] === undefined ? undefined : Number(rows[0].v);
}

export async function setSystemVersion(ex: Executor, systemId: string, version: number): Promise<void> {
  await ex.update(systems).set({ metagraphVersion: version }).where(eq(systems.id, systemId));
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
