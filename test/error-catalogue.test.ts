// The catalogue in src/core/errors.ts and docs/errors.md must agree: a code added in one place and
// not the other fails here (the habit fastify keeps for its own errors).
import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, problemType } from '../src/core/errors.js';

describe('error catalogue', () => {
  it('docs/errors.md documents every code with its status and title, and nothing else', async () => {
    const doc = await fs.readFile(new URL('../docs/errors.md', import.meta.url), 'utf8');
    // Cells may be padded: prettier aligns markdown tables.
    const rows = [...doc.matchAll(/^\|\s*`([a-z_]+)`\s*\|\s*(\d{3})\s*\|([^|]+)\|/gm)].map((m) => ({
      code: m[1],
      status: Number(m[2]),
      title: m[3]!.trim(),
    }));
    const catalogue = Object.entries(CATALOGUE).map(([code, entry]) => ({ code, ...entry }));
    expect(rows).toEqual(catalogue);
  });

  // A client tells refusals apart by `type` (several codes may share a status, e.g. 409), and a person
  // reading a problem by its title: both must name one code.
  it('gives each code its own problem type and its own title', () => {
    const types = Object.keys(CATALOGUE).map((code) => problemType(code as keyof typeof CATALOGUE));
    expect(new Set(types).size).toBe(types.length);
    const titles = Object.values(CATALOGUE).map((e) => e.title);
    expect(new Set(titles).size).toBe(titles.length);
  });
});
