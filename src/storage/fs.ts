// Filesystem storage under one root directory. A put streams to a temporary file beside the target
// and renames it into place, so a failed or cut upload never leaves a partial object under its key.
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { newId } from '../core/ids.js';
import { assertLookupKey, assertSafeKey, type ObjectStorage, type StoragePlace } from './port.js';

export class FileStorage implements ObjectStorage {
  readonly place: StoragePlace;

  constructor(private readonly root: string) {
    this.place = { scheme: 'file', root: path.resolve(root) };
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep))
      throw new Error(`storage key escapes the root: ${key}`);
    return full;
  }

  /**
   * Whether `existing` (a path that exists), symlinks resolved, is inside the root. The key check
   * above is textual: a symlinked directory planted in the root would still lead outside it.
   */
  private async contained(existing: string): Promise<boolean> {
    const [real, root] = await Promise.all([fs.realpath(existing), fs.realpath(this.root)]);
    return real === root || real.startsWith(root + path.sep);
  }

  private async assertContained(directory: string, key: string): Promise<void> {
    if (!(await this.contained(directory))) throw new Error(`storage key escapes the root: ${key}`);
  }

  async put(key: string, body: Readable): Promise<{ size: number }> {
    // The body can fail while the directory is made, before pipeline() listens: an 'error' with no
    // listener is an uncaught exception that stops the process (a truncated upload did, 4 times out
    // of 4). Listen from the first line; a failure seen early refuses the put, even if the body
    // then ends as if it were whole (busboy emits the error, then ends the part).
    let early: unknown;
    const onEarlyError = (err: unknown) => (early ??= err);
    body.on('error', onEarlyError);
    try {
      return await this.write(key, body, () => early);
    } finally {
      body.off('error', onEarlyError);
    }
  }

  private async write(key: string, body: Readable, early: () => unknown): Promise<{ size: number }> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await this.assertContained(path.dirname(target), key);
    const temporary = `${target}.${newId()}.part`;
    try {
      if (early() !== undefined) throw early();
      await pipeline(body, createWriteStream(temporary, { flags: 'wx', mode: 0o600 }));
      await fs.rename(temporary, target);
    } catch (err) {
      await fs.rm(temporary, { force: true });
      throw err;
    }
    return { size: (await fs.stat(target)).size };
  }

  async get(key: string): Promise<Readable | undefined> {
    const file = this.pathOf(key);
    return (await this.isObject(file)) ? createReadStream(file) : undefined;
  }

  /** A regular file inside the root: a symlink planted there must not lead a download outside it. */
  private async isObject(file: string): Promise<boolean> {
    const stat = await fs.lstat(file).catch(() => undefined);
    return stat?.isFile() === true && (await this.contained(file));
  }

  async exists(key: string): Promise<boolean> {
    return this.isObject(this.pathOf(key));
  }

  /**
   * Unlike get/exists, a symlink is followed (a team may link a results folder into the root), but
   * only to a regular file whose real path is inside the real root.
   */
  async stat(key: string): Promise<{ size: number } | undefined> {
    assertLookupKey(key);
    const file = path.resolve(this.root, key);
    if (!file.startsWith(path.resolve(this.root) + path.sep)) return undefined;
    const stat = await fs.stat(file).catch(() => undefined);
    if (stat?.isFile() !== true || !(await this.contained(file))) return undefined;
    return { size: stat.size };
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    const directory = await fs.realpath(path.dirname(file)).catch(() => undefined);
    if (directory === undefined) return; // no directory, no object
    await this.assertContained(directory, key);
    await fs.rm(file, { force: true });
  }

  url(key: string): string {
    return pathToFileURL(this.pathOf(key)).href;
  }

  async presignedGet(): Promise<undefined> {
    return undefined;
  }
}
