// The text-like readers on sample files under test/fixtures/documents, through readDocument as the
// upload path calls it: detection by content and name, and the place each piece keeps.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDocument } from './read.js';

const fixtures = path.resolve(import.meta.dirname, '../../../test/fixtures/documents');
const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(fixtures, name)));
const bytes = (text: string) => new TextEncoder().encode(text);

describe('readDocument on text-like files', () => {
  it('reads a CSV BOM as one table keeping every row (preamble, blank), quoted commas and quotes', async () => {
    const doc = await readDocument(fixture('bom-preamble.csv'), 'bom-preamble.csv');
    expect(doc.kind).toBe('csv');
    expect(doc.tables).toHaveLength(1);
    const rows = doc.tables[0]?.rows ?? [];
    expect(rows[0]?.[0]).toBe('Bill of Materials');
    expect(rows[3]).toEqual(['', '', '', '', '', '']);
    expect(rows[4]).toEqual(['Item', 'RefDes', 'Qty', 'MPN', 'Description', 'Subassembly']);
    expect(rows[6]?.[1]).toBe('C1, C2');
    expect(rows[8]?.[4]).toBe('JST SH 4-pin "I2C" connector');
    expect(doc.tables[0]?.location).toEqual({ row: 1, table: 0 });
    expect(doc.text).toContain('TPS62130RGTR\tBuck converter, 3 A');
  });

  it('reads a TSV signal list, and tells TSV from CSV by sniffing when the name says nothing', async () => {
    const named = await readDocument(fixture('signals.tsv'), 'signals.tsv');
    expect(named.kind).toBe('tsv');
    expect(named.tables[0]?.rows[2]).toEqual(['2', 'BATT_T', 'Battery pack', 'OBC', '1']);
    const sniffed = await readDocument(fixture('signals.tsv'), 'signals');
    expect(sniffed.kind).toBe('tsv');
    const semicolons = await readDocument(bytes('Ref;Value\nR1;10k\nR2;4k7\n'), 'parts.csv');
    expect(semicolons.tables[0]?.rows).toEqual([
      ['Ref', 'Value'],
      ['R1', '10k'],
      ['R2', '4k7'],
    ]);
  });

  it('reads Markdown headings, list items, paragraphs, pipe tables and code with their section and line', async () => {
    const doc = await readDocument(fixture('design.md'), 'design.md');
    expect(doc.kind).toBe('markdown');
    expect(doc.blocks[0]).toEqual({
      kind: 'heading',
      text: 'Kestrel power system',
      level: 1,
      location: { line: 1, section: 'Kestrel power system' },
    });
    const item = doc.blocks.find((b) => b.kind === 'list_item' && b.text.startsWith('The EPS'));
    expect(item).toEqual({
      kind: 'list_item',
      text: 'The EPS provides the +3V3 rail to the OBC.',
      location: { line: 7, section: 'Power distribution' },
    });
    const continued = doc.blocks.find((b) => b.text.startsWith('The radio'));
    expect(continued?.text).toBe('The radio is powered from the 5 V rail. It draws 2 W when transmitting.');
    expect(doc.tables[0]).toEqual({
      name: 'Power distribution',
      rows: [
        ['Consumer', 'Rail', 'Power (W)'],
        ['OBC', '+3V3', '0.8'],
        ['Radio', '+5V', '2.0'],
      ],
      location: { line: 11, section: 'Power distribution', table: 0 },
    });
    const setext = doc.blocks.find((b) => b.text === 'Interfaces');
    expect(setext).toMatchObject({ kind: 'heading', level: 2, location: { line: 16 } });
    expect(doc.blocks.find((b) => b.text.startsWith('See'))?.text).toBe('See the ICD for pin allocations.');
    expect(doc.blocks.at(-1)).toMatchObject({
      text: 'I2C0: OBC <-> EPS',
      location: { section: 'Interfaces' },
    });
  });

  it('takes a .txt file with # headings as Markdown, and plain prose as text with paragraph lines', async () => {
    const markdown = await readDocument(bytes('# Scope\n\nThe OBC.\n'), 'readme.txt');
    expect(markdown.kind).toBe('markdown');
    const doc = await readDocument(fixture('notes.txt'), 'notes.txt');
    expect(doc.kind).toBe('text');
    expect(doc.blocks.map((b) => b.location.line)).toEqual([1, 3, 6]);
    expect(doc.blocks[1]?.text).toContain('browned out twice.\nThe EPS kept');
  });

  it('reads JSON keeping the parsed value, also when named .txt, and refuses broken JSON as corrupt', async () => {
    const doc = await readDocument(fixture('model.json'), 'model.json');
    expect(doc.kind).toBe('json');
    expect((doc.json as { blocks: unknown[] }).blocks).toHaveLength(2);
    expect(doc.text).toContain('"Electrical Power System"');
    expect((await readDocument(fixture('model.json'), 'export.txt')).kind).toBe('json');
    expect((await readDocument(fixture('model.json'), 'export')).kind).toBe('json');
    await expect(readDocument(bytes('{"blocks": [1, 2'), 'model.json')).rejects.toMatchObject({
      code: 'corrupt',
      message: expect.stringContaining('JSON') as string,
    });
  });

  it('decodes UTF-8 with a BOM, UTF-16 and Windows-1252 text', async () => {
    const utf8 = await readDocument(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('A,B\n1,2\n')]), 'x.csv');
    expect(utf8.tables[0]?.rows[0]).toEqual(['A', 'B']);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Temp 25 °C', 'utf16le')]);
    expect((await readDocument(new Uint8Array(utf16), 'x.txt')).text).toBe('Temp 25 °C');
    const cp1252 = new Uint8Array([...bytes('Temp 25 '), 0xb0, ...bytes('C')]);
    expect((await readDocument(cp1252, 'x.txt')).text).toBe('Temp 25 °C');
  });
});
