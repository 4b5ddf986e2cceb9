import type { Db } from '../../db/client.js';
import { ping } from './health.repository.js';
import { migrationsApplied } from '../../db/migrate.js';

export class HealthService {
  /** Once every migration is seen applied it stays so for this process: files cannot un-apply. */
  private migrated = false;

  constructor(private readonly db: Db) {}

  async ready(): Promise<boolean> {
    try {
      await ping(this.db);
      this.migrated ||= await migrationsApplied(this.db);
      return this.migrated;
    } catch {
      return false;
    }
  }
}
