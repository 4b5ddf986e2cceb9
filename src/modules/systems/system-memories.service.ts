// Finding what the team has written about entities, across every live system.
import type { Db } from '../../db/client.js';
import { iso } from '../../core/ids.js';
import type { EntityType } from '../metagraph/metagraph.schemas.js';
import { searchMemories } from './system-memories.repository.js';
import type { SystemMemoriesQuery, SystemMemoryResult } from './system-memories.schemas.js';

export class SystemMemoriesService {
  constructor(private readonly db: Db) {}

  async search(query: SystemMemoriesQuery): Promise<{ items: SystemMemoryResult[]; count: number }> {
    const { hits, count } = await searchMemories(this.db, {
      search: query.search,
      entityIds: query.entity_ids,
      rootEntityIds: query.root_entity_ids,
      contributors: query.contributors?.map((c) => c.toLowerCase()),
      sort: query.sort_by ?? (query.search ? 'relevance' : 'updated_at'),
      limit: query.limit,
      offset: query.offset,
    });
    return {
      count,
      items: hits.map((h) => ({
        item: {
          id: h.version_id,
          content: h.content,
          source: h.restored_from_version === null ? 'manual' : 'restore',
          contributors: h.contributors,
          created_at: iso(h.updated_at),
          tags: [],
        },
        system_id: h.system_id,
        system_name: h.system_name,
        entity_id: h.entity_id,
        entity_name: h.entity_name,
        entity_type: h.entity_type as EntityType,
      })),
    };
  }
}
