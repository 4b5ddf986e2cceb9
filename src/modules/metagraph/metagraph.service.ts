// Reading the metagraph: entities, relationships, the full graph and the change history. Systems are
// shared by the team, so any signed-in user reads any live system's metagraph. Entities and
// relationships are answered as JSON text built by the database (metagraph-json.repository.ts).
import type { Db, Executor, Tx } from '../../db/client.js';
import { Errors } from '../../core/errors.js';
import { iso } from '../../core/ids.js';
import * as systems from '../systems/systems.repository.js';
import * as changes from './changes.repository.js';
import * as json from './metagraph-json.repository.js';
import type {
  ChangeSet,
  ChangesQuery,
  ListEntitiesQuery,
  ListRelationshipsQuery,
} from './metagraph.schemas.js';

function toChangeSet(row: changes.ChangeRow): ChangeSet {
  return {
    version: row.version,
    changed_by: row.changedBy,
    changed_at: iso(row.changedAt),
    entities: { created: row.entitiesCreated, updated: row.entitiesUpdated, deleted: row.entitiesDeleted },
    relationships: {
      created: row.relationshipsCreated,
      updated: row.relationshipsUpdated,
      deleted: row.relationshipsDeleted,
    },
  };
}

/** A JSON array from chunks of comma-joined elements, as pieces to stream without one giant string. */
const jsonArray = (chunks: string[]): string[] => [
  '[',
  ...chunks.flatMap((c, i) => (i ? [',', c] : [c])),
  ']',
];

const SNAPSHOT_READ = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

export class MetagraphService {
  /** Full reads running on two connections now; see full(). */
  private pairedReads = 0;

  /**
   * @param maxPairedReads how many full reads may use a second connection at once: 0 on PGlite (one
   *   connection), half the pool on PostgreSQL, so that reads waiting for their second connection
   *   can never hold the whole pool between them.
   */
  constructor(
    private readonly db: Db,
    private readonly maxPairedReads = 0,
  ) {}

  private async liveSystem(ex: Executor, systemId: string) {
    const system = await systems.findLiveSystem(ex, systemId);
    if (!system) throw Errors.notFound('system');
    return system;
  }

  /**
   * The full metagraph as JSON pieces: one snapshot, so entities, relationships and version agree.
   * On PostgreSQL the relationships are read on a second connection that imports the first one's
   * snapshot (pg_export_snapshot), so the database builds both halves' JSON at once.
   */
  async full(systemId: string): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const system = await this.liveSystem(tx, systemId);
      const filter = { systemId, includePending: false };
      let entities: string[];
      let relationships: string[];
      if (this.pairedReads < this.maxPairedReads) {
        this.pairedReads++;
        try {
          [entities, relationships] = await Promise.all([
            json.jsonChunks(tx, 'entities', filter),
            this.onSameSnapshot(tx, (other) => json.jsonChunks(other, 'relationships', filter)),
          ]);
        } finally {
          this.pairedReads--;
        }
      } else {
        entities = await json.jsonChunks(tx, 'entities', filter);
        relationships = await json.jsonChunks(tx, 'relationships', filter);
      }
      const head = JSON.stringify({
        system_id: system.id,
        system_name: system.name,
        description: system.description,
        version: system.metagraphVersion,
      });
      return [
        `${head.slice(0, -1)},"entities":`,
        ...jsonArray(entities),
        ',"relationships":',
        ...jsonArray(relationships),
        '}',
      ];
    }, SNAPSHOT_READ);
  }

  /** Runs `work` in a second read-only transaction that sees exactly what `tx` sees. */
  private async onSameSnapshot<T>(tx: Tx, work: (other: Tx) => Promise<T>): Promise<T> {
    const id = await json.exportSnapshot(tx);
    return this.db.transaction(async (other) => {
      await json.importSnapshot(other, id);
      return work(other);
    }, SNAPSHOT_READ);
  }

  async listEntities(systemId: string, query: ListEntitiesQuery): Promise<string[]> {
    await this.liveSystem(this.db, systemId);
    return jsonArray(
      await json.jsonChunks(this.db, 'entities', {
        systemId,
        includePending: query.include_pending,
        entityType: query.entity_type,
        externalId: query.external_id,
      }),
    );
  }

  async getEntity(systemId: string, entityId: string): Promise<string> {
    await this.liveSystem(this.db, systemId); // a deleted system's entities are gone with it
    const found = await json.jsonOne(this.db, 'entities', systemId, entityId);
    if (!found) throw Errors.notFound('entity');
    return found;
  }

  async listRelationships(systemId: string, query: ListRelationshipsQuery): Promise<string[]> {
    await this.liveSystem(this.db, systemId);
    return jsonArray(
      await json.jsonChunks(this.db, 'relationships', {
        systemId,
        includePending: query.include_pending,
        relationshipType: query.relationship_type,
      }),
    );
  }

  async getRelationship(systemId: string, relationshipId: string): Promise<string> {
    await this.liveSystem(this.db, systemId);
    const found = await json.jsonOne(this.db, 'relationships', systemId, relationshipId);
    if (!found) throw Errors.notFound('relationship');
    return found;
  }

  async changes(systemId: string, query: ChangesQuery): Promise<{ items: ChangeSet[]; count: number }> {
    await this.liveSystem(this.db, systemId);
    const { rows, count } = await changes.listChanges(this.db, systemId, {
      sinceVersion: query.since_version,
      limit: query.limit,
      offset: query.offset,
    });
    return { items: rows.map(toChangeSet), count };
  }
}
