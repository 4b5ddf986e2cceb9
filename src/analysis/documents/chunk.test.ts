// The chunker: chunks keep their place, read alone (heading or header row first), stay near the
// size asked for without cutting words, and come out the same every time.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkDocument, guessHeaderRow, splitWords } from './chunk.js';
import { readDocument } from './read.js';
import type { ReadDocument } from './types.js';

const fixtures = path.resolve(import.meta.dirname, '../../../test/fixtures/documents');
const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(fixtures, name)));

const words = (n: number, word = 'regulator') => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ');

describe('chunkDocument', () => {
  it('chunks a BOM: preamble alone, then rows under the repeated header row, with their row numbers', async () => {
    const doc = await readDocument(fixture('bom-preamble.csv'), 'bom-preamble.csv');
    const chunks = chunkDocument(doc, { maxChars: 150 });
    expect(chunks[0]).toEqual({
      index: 0,
      text: 'bom-preamble\nBill of Materials\nProject: Kestrel EPS board\nRevision: B | Date: 2026-03-02',
      location: { row: 1, table: 0 },
    });
    const header = 'bom-preamble\nItem | RefDes | Qty | MPN | Description | Subassembly\n';
    expect(chunks.slice(1).every((c) => c.text.startsWith(header))).toBe(true);
    expect(chunks[1]?.location).toEqual({ row: 6, table: 0 });
    expect(chunks[1]?.text).toContain('1 | U1 | 1 | TPS62130RGTR | Buck converter, 3 A | Power stage');
    expect(chunks.map((c) => c.index)).toEqual(chunks.map((_, i) => i));
    // Every item row is in exactly one chunk.
    const rows = chunks.slice(1).flatMap((c) => c.text.split('\n').slice(2));
    expect(rows.map((r) => r.split(' | ')[0])).toEqual(['1', '2', '3', '4']);
  });

  it('chunks prose by section, each chunk starting with its heading and keeping its line', async () => {
    const doc = await readDocument(fixture('design.md'), 'design.md');
    const chunks = chunkDocument(doc);
    const prose = chunks.filter((c) => c.location.table === undefined);
    expect(prose.map((c) => c.location)).toEqual([
      { line: 1, section: 'Kestrel power system' },
      { line: 5, section: 'Power distribution' },
      { line: 16, section: 'Interfaces' },
    ]);
    expect(prose[1]?.text.split('\n')[0]).toBe('Power distribution');
    const table = chunks.find((c) => c.location.table === 0);
    expect(table?.text).toBe(
      'Power distribution\nConsumer | Rail | Power (W)\nOBC | +3V3 | 0.8\nRadio | +5V | 2.0',
    );
    expect(table?.location).toEqual({ line: 11, section: 'Power distribution', table: 0, row: 2 });
  });

  it('splits a long section into chunks near the size asked for, each repeating the heading, never mid-word', () => {
    const text = words(400);
    const doc: ReadDocument = {
      kind: 'pdf',
      text,
      pages: 2,
      tables: [],
      blocks: [
        { kind: 'heading', text: 'Thermal design', location: { page: 1, section: 'Thermal design' } },
        { kind: 'paragraph', text, location: { page: 1, section: 'Thermal design' } },
        {
          kind: 'paragraph',
          text: 'Continued on page two.',
          location: { page: 2, section: 'Thermal design' },
        },
      ],
    };
    const chunks = chunkDocument(doc, { maxChars: 300 });
    expect(chunks.length).toBeGreaterThan(10);
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(300);
      expect(chunk.text.startsWith('Thermal design\n')).toBe(true);
    }
    const body = chunks.flatMap((c) => c.text.split('\n').slice(1)).join(' ');
    expect(body).toBe(`${text} Continued on page two.`);
    expect(chunks.at(-1)?.location).toEqual({ page: 2, section: 'Thermal design' });
    expect(chunkDocument(doc, { maxChars: 300 })).toEqual(chunks);
  });

  it('carries a heading with no text under it (a title) into the next chunk instead of a chunk of its own', () => {
    const at = (section: string) => ({ line: 1, section });
    const doc: ReadDocument = {
      kind: 'markdown',
      text: '',
      tables: [],
      blocks: [
        { kind: 'heading', text: 'Kestrel ICD', level: 1, location: at('Kestrel ICD') },
        { kind: 'heading', text: 'Interfaces', level: 2, location: at('Interfaces') },
        { kind: 'paragraph', text: 'I2C0 joins the OBC and the EPS.', location: at('Interfaces') },
        { kind: 'heading', text: 'Power', level: 2, location: at('Power') },
        { kind: 'paragraph', text: 'The EPS supplies 3V3.', location: at('Power') },
      ],
    };
    expect(chunkDocument(doc)).toEqual([
      {
        index: 0,
        text: 'Kestrel ICD\nInterfaces\nI2C0 joins the OBC and the EPS.',
        location: at('Interfaces'),
      },
      { index: 1, text: 'Power\nThe EPS supplies 3V3.', location: at('Power') },
    ]);
  });

  it('uses about 1,000 characters by default', () => {
    const doc: ReadDocument = {
      kind: 'text',
      text: '',
      tables: [],
      blocks: [{ kind: 'paragraph', text: words(1000), location: { line: 1 } }],
    };
    const sizes = chunkDocument(doc).map((c) => c.text.length);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(1000);
    expect(sizes[0]).toBeGreaterThan(900);
  });

  it('chunks every sheet of a workbook separately, with its sheet name', () => {
    const doc: ReadDocument = {
      kind: 'xlsx',
      text: '',
      blocks: [],
      tables: [
        {
          name: 'BOM',
          rows: [
            ['Ref', 'Qty'],
            ['U1', '1'],
          ],
          location: { sheet: 'BOM', row: 1, table: 0 },
        },
        {
          name: 'Power',
          rows: [
            ['Consumer', 'W'],
            ['OBC', '0.8'],
          ],
          location: { sheet: 'Power', row: 1, table: 1 },
        },
      ],
    };
    expect(chunkDocument(doc)).toEqual([
      { index: 0, text: 'BOM\nRef | Qty\nU1 | 1', location: { sheet: 'BOM', row: 2, table: 0 } },
      { index: 1, text: 'Power\nConsumer | W\nOBC | 0.8', location: { sheet: 'Power', row: 2, table: 1 } },
    ]);
  });
});

describe('splitWords and guessHeaderRow', () => {
  it('cuts at whitespace only, keeping a word longer than the limit whole', () => {
    expect(splitWords('alpha beta gamma', 11)).toEqual(['alpha beta', 'gamma']);
    expect(splitWords(`a ${'x'.repeat(30)} b`, 10)).toEqual(['a', 'x'.repeat(30), 'b']);
  });

  it('finds the header row under preamble rows, and row 0 for a plain table', () => {
    expect(guessHeaderRow([['Title'], ['Rev', 'B'], [], ['Ref', 'Qty', 'MPN'], ['U1', '1', 'X']])).toBe(3);
    expect(
      guessHeaderRow([
        ['Ref', 'Qty'],
        ['U1', '1'],
      ]),
    ).toBe(0);
  });
});
