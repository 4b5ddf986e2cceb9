// Pure rules of document uploads.
import path from 'node:path';
import { SYSTEM_NAME_MAX } from '../systems/systems.schemas.js';

/** A file's base name without its extension: "BOM rev C.xlsx" -> "BOM rev C"; never empty. */
export function baseName(fileName: string): string {
  const base = path.posix.basename(fileName.replace(/\\/g, '/'));
  const ext = path.posix.extname(base);
  const stem = (ext && ext !== base ? base.slice(0, -ext.length) : base).trim();
  return (stem === '' ? 'Documents' : stem).slice(0, SYSTEM_NAME_MAX - 6);
}

/** `base`, else `base (2)`, `base (3)`, … : the first not in `taken` (lower-cased names). */
export function uniqueName(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base} (${n})`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}
