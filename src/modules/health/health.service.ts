import type { Db } from '../../db/client.js';
import { ping } from './health.repository.js';
import { migrationsApplied } from '../../db/migrate.js';

export class HealthService {
  constructor(private readonly db: Db) {}

  async ready(): Promise<boolean> {
    try {
      await ping(this.db);
      // Asked every time, not cached: a newer hwa may migrate the database under a running process,
      // which must then leave the load balancer (one indexed read of a table of a few rows).
      return await migrationsApplied(this.db);
    } catch {
      return false;
    }
  }
}
