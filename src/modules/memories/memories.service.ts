// User memories (each user's own, never visible to another) and entity memories. Every write and
// every restore appends a version; history is never rewritten (spec: Versioning 3).
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { Errors } from '../../core/errors.js';
import { iso, newId } from '../../core/ids.js';
import type { Actor } from '../../core/auth.js';
import * as entities from '../metagraph/entities.repository.js';
import * as systems from '../systems/systems.repository.js';
import * as versions from './memory-versions.repository.js';
import type { EntityMemory, MemoryVersion, UserMemory } from './memories.schemas.js';

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

export const toVersion = (row: versions.MemoryVersionRow): MemoryVersion => ({
  version: Number(row.version),
  content: row.content,
  updated_at: iso(toDate(row.created_at)),
  restored_from_version: row.restored_from_version === null ? null : Number(row.restored_from_version),
});

export class UserMemoriesService {
  constructor(private readonly db: Db) {}

  async get(actor: Actor): Promise<UserMemory> {
    const row = await versions.latest(this.db, 'user', actor.userId);
    return row
      ? { content: row.content, updated_at: iso(toDate(row.created_at)) }
      : { content: '', updated_at: null };
  }

  async put(actor: Actor, content: string, restoredFromVersion: number | null = null): Promise<UserMemory> {
    const row = await this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM users WHERE id = ${actor.userId} FOR UPDATE`);
      return versions.append(tx, 'user', actor.userId, {
        id: newId(),
        content,
        author: actor.email,
        restoredFromVersion,
      });
    });
    return { content: row.content, updated_at: iso(toDate(row.created_at)) };
  }

  async history(actor: Actor): Promise<MemoryVersion[]> {
    return (await versions.history(this.db, 'user', actor.userId)).map(toVersion);
  }

  async restore(actor: Actor, version: number): Promise<UserMemory> {
    const source = await versions.findVersion(this.db, 'user', actor.userId, version);
    if (!source) throw Errors.notFound(`memory version ${version}`);
    return this.put(actor, source.content, version);
  }
}

export class EntityMemoriesService {
  constructor(private readonly db: Db) {}

  /**
   * 404 unless the entity is live in a live system. With `lock`, holds the entity row for the
   * transaction, so versions of one entity are numbered one after another.
   */
  private async requireEntity(ex: Db | Tx, systemId: string, entityId: string, lock = false): Promise<void> {
    const rows = await queryRows(
      ex,
      sql`SELECT e.id FROM entities e JOIN systems s ON s.id = e.system_id AND NOT s.is_deleted
          WHERE e.id = ${entityId} AND e.system_id = ${systemId} AND NOT e.is_deleted
          ${lock ? sql`FOR UPDATE OF e` : sql``}`,
    );
    if (rows.length === 0) throw Errors.notFound('entity');
  }

  async put(
    actor: Actor,
    systemId: string,
    entityId: string,
    content: string,
    restoredFromVersion: number | null = null,
  ): Promise<EntityMemory> {
    return this.db.transaction(async (tx) => {
      await this.requireEntity(tx, systemId, entityId, true);
      const row = await versions.append(tx, 'entity', entityId, {
        id: newId(),
        content,
        author: actor.email,
        restoredFromVersion,
      });
      // The entity row carries the current memory and its contributors for fast reads and search.
      const [updated] = await queryRows<{ memory_contributors: string[] }>(
        tx,
        sql`UPDATE entities SET memory = ${content}, memory_updated_at = ${iso(toDate(row.created_at))},
              memory_contributors = CASE WHEN ${actor.email} = ANY(memory_contributors) THEN memory_contributors
                                         ELSE array_append(memory_contributors, ${actor.email}) END
            WHERE id = ${entityId} RETURNING memory_contributors`,
      );
      return {
        content,
        updated_at: iso(toDate(row.created_at)),
        contributors: updated?.memory_contributors ?? [],
      };
    });
  }

  /** The current memory, as the entity row carries it: "", null and [] before the first write. */
  async get(systemId: string, entityId: string): Promise<EntityMemory> {
    const entity = (await systems.findLiveSystem(this.db, systemId))
      ? await entities.findLiveEntity(this.db, systemId, entityId)
      : undefined;
    if (!entity) throw Errors.notFound('entity');
    return {
      content: entity.memory,
      updated_at: entity.memoryUpdatedAt ? iso(entity.memoryUpdatedAt) : null,
      contributors: entity.memoryContributors,
    };
  }

  async history(systemId: string, entityId: string): Promise<MemoryVersion[]> {
    await this.requireEntity(this.db, systemId, entityId);
    return (await versions.history(this.db, 'entity', entityId)).map(toVersion);
  }

  async restore(actor: Actor, systemId: string, entityId: string, version: number): Promise<EntityMemory> {
    await this.requireEntity(this.db, systemId, entityId); // an unknown entity is named before a version
    const source = await versions.findVersion(this.db, 'entity', entityId, version);
    if (!source) throw Errors.notFound(`memory version ${version}`);
    return this.put(actor, systemId, entityId, source.content, version);
  }
}
