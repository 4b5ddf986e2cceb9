// PGlite takes no lock of its own: two processes on one directory silently lose writes. We hold an
// exclusive lock file beside the data for the whole life of the process and refuse a second one.
import fs from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(readonly dir: string) {
    super(
      `The embedded database in ${dir} is in use by another hwa process (a running \`hwa serve\`?). ` +
        'Stop that process first, or, to manage tokens while the server runs, use the API ' +
        '(POST /api/v1/tokens). If no hwa process runs, wait 10 seconds: a stale lock expires by itself.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** Takes the lock or throws DataDirLockedError without touching the data. Returns the release. */
export async function lockDataDir(dir: string, onLost: (err: Error) => void): Promise<() => Promise<void>> {
  await fs.mkdir(dir, { recursive: true });
  try {
    return await lockfile.lock(dir, {
      lockfilePath: path.join(dir, '..', `${path.basename(dir)}.lock`),
      // The lock's mtime is refreshed every 5 s; one older than 10 s belongs to a crashed process.
      stale: 10_000,
      update: 5_000,
      onCompromised: onLost,
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dir);
    throw err;
  }
}
