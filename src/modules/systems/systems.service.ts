// Rules for systems: a hardware project shared by the team. Every signed-in user may read and change
// systems (the spec scopes nothing per user here); deletion is soft and hides the system everywhere.
import type { Db } from '../../db/client.js';
import { Errors, HwaError } from '../../core/errors.js';
import { iso, newId } from '../../core/ids.js';
import type { Actor } from '../../core/auth.js';
import * as repo from './systems.repository.js';
import type { CreateSystemBody, ListSystemsQuery, System, UpdateSystemBody } from './systems.schemas.js';

export function toSystem(row: repo.SystemRow): System {
  return {
    system_id: row.id,
    system_name: row.name,
    description: row.description,
    has_blueprints: row.hasBlueprints,
    created_by: row.createdBy,
    created_at: iso(row.createdAt),
    is_deleted: row.isDeleted,
  };
}

/** The unique index on live names answers 409; say which name so the user can pick another. */
function nameTaken(error: unknown, name: string): never {
  if (error instanceof HwaError) throw error;
  const text = String((error as { cause?: { constraint?: string } }).cause?.constraint ?? error);
  if (text.includes('systems_live_name_uq')) {
    throw Errors.nameTaken('system', name);
  }
  throw error;
}

export class SystemsService {
  private readonly findLiveSystem: ReturnType<typeof repo.prepareFindLiveSystem>;

  constructor(private readonly db: Db) {
    this.findLiveSystem = repo.prepareFindLiveSystem(db);
  }

  async create(actor: Actor, body: CreateSystemBody): Promise<System> {
    const name = body.system_name.trim();
    const row = await repo
      .insertSystem(this.db, {
        id: newId(),
        name,
        description: body.description ?? null,
        createdBy: actor.email,
      })
      .catch((err: unknown) => nameTaken(err, name));
    return toSystem(row);
  }

  async list(query: ListSystemsQuery): Promise<{ items: System[]; count: number }> {
    const { rows, count } = await repo.listSystems(this.db, {
      search: query.search,
      includeDeleted: query.is_deleted,
      limit: query.limit,
      offset: query.offset,
    });
    return { items: rows.map(toSystem), count };
  }

  async get(systemId: string): Promise<System> {
    const row = await this.findLiveSystem(systemId);
    if (!row) throw Errors.notFound('system');
    return toSystem(row);
  }

  /** Only the fields present in the body change; `description: null` clears the description. */
  async update(systemId: string, body: UpdateSystemBody): Promise<System> {
    const patch: Parameters<typeof repo.updateLiveSystem>[2] = {};
    if (body.system_name !== undefined) patch.name = body.system_name.trim();
    if (body.description !== undefined) patch.description = body.description;
    const row = await repo
      .updateLiveSystem(this.db, systemId, patch)
      .catch((err: unknown) => nameTaken(err, patch.name ?? ''));
    if (!row) throw Errors.notFound('system');
    return toSystem(row);
  }

  async remove(systemId: string): Promise<{ message: string; uuid: string }> {
    const row = await repo.softDeleteSystem(this.db, systemId);
    if (!row) throw Errors.notFound('system');
    return { message: `System "${row.name}" deleted.`, uuid: row.id };
  }
}
