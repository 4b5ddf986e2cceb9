import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { databaseTarget, describePostgresUrl } from './target.js';

describe('the database a command says it uses', () => {
  it.each([
    ['postgres://hwa:pw@db.example:6543/prod', 'PostgreSQL database "prod" on db.example:6543 as hwa'],
    ['postgresql://ann@10.0.0.5/hwa?sslmode=require', 'PostgreSQL database "hwa" on 10.0.0.5:5432 as ann'],
    ['postgres://u%40corp:p%3Aw@[::1]:5432/my%20db', 'PostgreSQL database "my db" on [::1]:5432 as u@corp'],
    ['postgres:///hwa?host=/run/postgresql', 'PostgreSQL database "hwa" on /run/postgresql:5432'],
    ['postgres://db.example', 'PostgreSQL database "(the user name)" on db.example:5432'],
  ])('%s -> %s, never the password', (url, said) => {
    expect(describePostgresUrl(url)).toBe(said);
    expect(describePostgresUrl(url)).not.toMatch(/pw|p:w|p%3Aw/);
  });

  it('names the embedded directory by its absolute path, new until PGlite has initialised it', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hwa-target-'));
    try {
      const config = loadConfig({ HWA_DATA_DIR: dataDir });
      const dir = path.join(dataDir, 'pglite');
      expect(databaseTarget(config)).toEqual({
        description: `embedded PGlite database in ${dir}`,
        createsEmbedded: true,
      });
      fs.mkdirSync(dir); // an empty directory (a refused start leaves one) holds no database yet
      expect(databaseTarget(config).createsEmbedded).toBe(true);
      fs.writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
      expect(databaseTarget(config).createsEmbedded).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a relative HWA_DATA_DIR is named from the current directory', () => {
    const config = loadConfig({ HWA_DATA_DIR: './data' });
    expect(databaseTarget(config).description).toBe(
      `embedded PGlite database in ${path.join(process.cwd(), 'data', 'pglite')}`,
    );
  });

  it('PostgreSQL never creates an embedded database', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://hwa@db/hwa', HWA_DATA_DIR: '/nonexistent' });
    expect(databaseTarget(config)).toEqual({
      description: 'PostgreSQL database "hwa" on db:5432 as hwa',
      createsEmbedded: false,
    });
  });
});
