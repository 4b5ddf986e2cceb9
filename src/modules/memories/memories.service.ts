// User memories (each user's own, never visible to another) and entity memories. Every write and
// every restore appends a version; history is never rewritten (spec: Versioning 3).
import type { Db, Executor } from '../../db/client.js';
import { Errors } from '../../core/errors.js';
import { iso, newId } from '../../core/ids.js';
import type { Actor } from '../../core/auth.js';
import * as entities from '../metagraph/entities.repository.js';
import * as systems from '../systems/systems.repository.js';
import * as versions from './memory-versions.repository.js';
import type { EntityMemory, MemoryVersion, UserMemory } from './memories.schemas.js';

export const toVersion = (row: versions.MemoryVersionRow): MemoryVersion => ({
  version: row.version,
  content: row.content,
  updated_at: iso(row.created_at),
  restored_from_version: row.restored_from_version,
});

export class UserMemoriesService {
  constructor(private readonly db: Db) {}

  async get(actor: Actor): Promise<UserMemory> {
    const row = await versions.latest(this.db, 'user', actor.userId);
    return row
      ? { content: row.content, updated_at: iso(row.created_at) }
      : { content: '', updated_at: null };
  }

  async put(actor: Actor, content: string, restoredFromVersion: number | null = null): Promise<UserMemory> {
    const row = await this.db.transaction(async (tx) => {
      await versions.lockUser(tx, actor.userId);
      return versions.append(tx, 'user', actor.userId, {
        id: newId(),
        content,
        author: actor.email,
        restoredFromVersion,
      });
    });
    return { content: row.content, updated_at: iso(row.created_at) };
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

  /** 404 unless the entity is live in a live system; `lock` holds it for the transaction. */
  private async requireEntity(ex: Executor, systemId: string, entityId: string, lock = false): Promise<void> {
    if (!(await entities.liveEntityInLiveSystem(ex, systemId, entityId, lock))) {
      throw Errors.notFound('entity');
    }
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
      const contributors = await entities.setCurrentMemory(tx, entityId, {
        content,
        updatedAt: row.created_at,
        contributor: actor.email,
      });
      return { content, updated_at: iso(row.created_at), contributors };
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
