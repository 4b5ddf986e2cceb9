// What a report job analyses: the data files of its scope DuckDB can read, each copied from storage to
// a temporary file (streamed: a 2 GB log never sits in memory), and each file's limits: the step
// measurements' low/high per channel name, overridden by a `<file>.limits.json` sidecar registered
// beside it. The analysis context's limit sentences are read by the analyst itself, below both.
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Limit } from '../../analysis/telemetry/index.js';
import type { Executor } from '../../db/client.js';
import { locateStorageUrl } from '../../storage/locations.js';
import type { ObjectStorage } from '../../storage/port.js';
import * as repo from './reports.repository.js';

/** Formats DuckDB reads with the analyst's readers (source.ts). */
export const READABLE = /\.(csv|tsv|tab|parquet|pq|jsonl|ndjson)$/i;
export const SIDECAR = /\.limits\.json$/i;
/** A sidecar is a few channel limits; anything bigger is not one. */
const SIDECAR_MAX_BYTES = 1024 * 1024;

/** A failure the report states as its `error` (the job run fails with the same message). */
export class ReportFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReportFailure';
  }
}

export interface DataInput {
  file: repo.FileRow;
  limits: Record<string, Limit>;
  limitSources: Record<string, string>;
}

export interface Inputs {
  data: DataInput[];
  skipped: { fileName: string; why: string }[];
}

const baseOf = (url: string) => decodeURIComponent(url.split('/').pop() ?? '');

/** The scope's readable data files with their limits; refuses (ReportFailure) when there are none. */
export async function pickInputs(
  ex: Executor,
  storage: ObjectStorage,
  scope: repo.Scope,
  scopeName: string,
): Promise<Inputs> {
  const { files } = await repo.filesInScope(ex, scope);
  if (files.length === 0) {
    throw new ReportFailure(
      `No data files in scope: register the test data for ${scopeName} (POST /test-runs/{run_id}/data) and ask again.`,
    );
  }
  // Sidecars are looked for among all the run's files: one registered for the run beside a step's data counts.
  const runFiles =
    scope.scope === 'run' ? files : (await repo.filesInScope(ex, { ...scope, scope: 'run' })).files;
  const sidecars = runFiles.filter((f) => SIDECAR.test(f.fileName) || SIDECAR.test(f.storageUrl));
  const skipped = files
    .filter((f) => !READABLE.test(f.fileName) && !sidecars.includes(f))
    .map((f) => ({ fileName: f.fileName, why: 'not CSV, TSV, Parquet or JSON lines' }));
  const dataFiles = files.filter((f) => READABLE.test(f.fileName));
  if (dataFiles.length === 0) {
    throw new ReportFailure(
      `No data file in scope that can be analysed (CSV, TSV, Parquet, JSON lines): found ${files.map((f) => f.fileName).join(', ')}.`,
    );
  }
  const measured = await repo.measurementLimits(ex, scope);
  const data: DataInput[] = [];
  for (const file of dataFiles) {
    const limits: Record<string, Limit> = {};
    const limitSources: Record<string, string> = {};
    for (const m of measured) {
      if (m.low === null && m.high === null) continue;
      limits[m.name] = {
        ...(m.low !== null ? { min: m.low } : {}),
        ...(m.high !== null ? { max: m.high } : {}),
      };
      limitSources[m.name] = 'step measurement';
    }
    const sidecar = sidecars.find(
      (s) =>
        s.fileName.toLowerCase() === `${file.fileName}.limits.json`.toLowerCase() ||
        baseOf(s.storageUrl) === `${baseOf(file.storageUrl)}.limits.json`,
    );
    if (sidecar) {
      for (const [name, limit] of Object.entries(await readSidecar(storage, sidecar))) {
        limits[name] = limit;
        limitSources[name] = sidecar.fileName;
      }
    }
    data.push({ file, limits, limitSources });
  }
  return { data, skipped };
}

function keyOf(storage: ObjectStorage, file: repo.FileRow): string {
  const located = locateStorageUrl(file.storageUrl, storage.place);
  if ('refused' in located) {
    throw new ReportFailure(
      `The data file ${file.fileName} is not in the configured storage: ${located.refused}.`,
    );
  }
  return located.key;
}

/** `{channels: {name: {min?, max?}}}`; anything else fails the report, naming the sidecar. */
async function readSidecar(storage: ObjectStorage, file: repo.FileRow): Promise<Record<string, Limit>> {
  const bad = (why: string) =>
    new ReportFailure(
      `The limits sidecar ${file.fileName} is unreadable: ${why}. Expected {"channels": {"name": {"min": 0, "max": 60}}}.`,
    );
  const body = await storage.get(keyOf(storage, file));
  if (!body) throw bad('it is no longer in storage');
  let text = '';
  for await (const chunk of body as AsyncIterable<Buffer>) {
    text += chunk.toString('utf8');
    if (text.length > SIDECAR_MAX_BYTES) throw bad(`it is larger than ${SIDECAR_MAX_BYTES} bytes`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw bad('it is not JSON');
  }
  const channels = (parsed as { channels?: unknown } | null)?.channels;
  if (typeof channels !== 'object' || channels === null || Array.isArray(channels))
    throw bad('no `channels` object');
  const out: Record<string, Limit> = {};
  for (const [name, value] of Object.entries(channels as Record<string, unknown>)) {
    const { min, max } = (value ?? {}) as { min?: unknown; max?: unknown };
    const ok = (x: unknown) => x === undefined || x === null || (typeof x === 'number' && Number.isFinite(x));
    if (!ok(min) || !ok(max)) throw bad(`channels.${name}: min and max must be numbers`);
    const limit: Limit = {};
    if (typeof min === 'number') limit.min = min;
    if (typeof max === 'number') limit.max = max;
    if (limit.min !== undefined || limit.max !== undefined) out[name] = limit;
  }
  return out;
}

/** Streams the data file from storage into `dir`; the local path, named with the file's extension. */
export async function copyToTemp(storage: ObjectStorage, file: repo.FileRow, dir: string): Promise<string> {
  const body = await storage.get(keyOf(storage, file));
  if (!body) {
    throw new ReportFailure(`The data file ${file.fileName} is no longer in storage (${file.storageUrl}).`);
  }
  const ext = READABLE.exec(file.fileName)?.[0] ?? '.csv';
  const local = path.join(dir, `${file.id}${ext.toLowerCase()}`);
  await pipeline(body, createWriteStream(local));
  return local;
}

export const tempDir = (root: string) => fs.mkdtemp(path.join(root, 'hwa-report-'));
