// PDF, DOCX and XLSX readers on real files: the repository's example datasheet, a password-protected
// and a truncated copy of it, and Office files written by the tests with real Office libraries.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeBomXlsx, makeIcdDocx, makePdf } from '../../../test/document-samples.js';
import { chunkDocument } from './chunk.js';
import { readDocument } from './read.js';

const root = path.resolve(import.meta.dirname, '../../..');
const file = (name: string) => new Uint8Array(fs.readFileSync(path.join(root, name)));

describe('readDocument on PDF', () => {
  it('reads the datasheet page by page, headings from the larger type giving the section', async () => {
    const doc = await readDocument(file('examples/datasheet.pdf'), 'datasheet.pdf');
    expect(doc.kind).toBe('pdf');
    expect(doc.pages).toBe(1);
    expect(doc.blocks[0]).toEqual({
      kind: 'heading',
      text: 'HWA-LDO33',
      location: { page: 1, section: 'HWA-LDO33' },
    });
    const features = doc.blocks.find((b) => b.text.includes('250 mV typical dropout'));
    expect(features?.location).toEqual({ page: 1, section: 'Features' });
    expect(doc.text).toContain('3.3 V, 500 mA low-dropout linear regulator');
  });

  it('detects a PDF by content whatever its name, and leaves the caller its bytes', async () => {
    const bytes = file('examples/datasheet.pdf');
    const doc = await readDocument(bytes, 'upload.bin');
    expect(doc.kind).toBe('pdf');
    expect(bytes.byteLength).toBeGreaterThan(0);
    expect((await readDocument(bytes, 'again.pdf')).text).toBe(doc.text);
  });

  it('keeps each page its number and carries a section heading over onto the next page', async () => {
    const pdf = makePdf([
      { title: 'Power budget', lines: ['The radio draws 2 W when transmitting.', 'The OBC draws 0.8 W.'] },
      { lines: ['The heaters draw 4 W in eclipse.'] },
      { title: 'Thermal design', lines: ['Radiators face deep space.'] },
    ]);
    const doc = await readDocument(pdf, 'budget.pdf');
    expect(doc.pages).toBe(3);
    expect(doc.blocks.map((b) => [b.kind, b.text, b.location])).toEqual([
      ['heading', 'Power budget', { page: 1, section: 'Power budget' }],
      [
        'paragraph',
        'The radio draws 2 W when transmitting.\nThe OBC draws 0.8 W.',
        { page: 1, section: 'Power budget' },
      ],
      ['paragraph', 'The heaters draw 4 W in eclipse.', { page: 2, section: 'Power budget' }],
      ['heading', 'Thermal design', { page: 3, section: 'Thermal design' }],
      ['paragraph', 'Radiators face deep space.', { page: 3, section: 'Thermal design' }],
    ]);
    // Chunks do not straddle pages: the page-2 text is its own chunk, headed by its section.
    expect(chunkDocument(doc).map((c) => [c.location.page, c.text])).toEqual([
      [1, 'Power budget\nThe radio draws 2 W when transmitting.\nThe OBC draws 0.8 W.'],
      [2, 'Power budget\nThe heaters draw 4 W in eclipse.'],
      [3, 'Thermal design\nRadiators face deep space.'],
    ]);
  });

  it('refuses a PDF with no text (scanned pages) as empty, saying why', async () => {
    await expect(readDocument(makePdf([{ lines: [] }]), 'scan.pdf')).rejects.toMatchObject({
      code: 'empty',
      message: expect.stringContaining('no extractable text') as string,
    });
  });

  it('refuses a password-protected PDF as encrypted, saying what to do', async () => {
    await expect(
      readDocument(file('test/fixtures/documents/encrypted.pdf'), 'secret.pdf'),
    ).rejects.toMatchObject({
      name: 'DocumentReadError',
      code: 'encrypted',
      message: 'This PDF is password-protected; remove the password and upload it again.',
    });
  });

  it('refuses a truncated PDF, and text named .pdf, as corrupt', async () => {
    await expect(
      readDocument(file('test/fixtures/documents/truncated.pdf'), 'cut.pdf'),
    ).rejects.toMatchObject({
      code: 'corrupt',
    });
    await expect(readDocument(new TextEncoder().encode('hello'), 'fake.pdf')).rejects.toMatchObject({
      code: 'corrupt',
      message: 'This file is named as PDF but its content is not a valid PDF file.',
    });
  });
});

describe('readDocument on Office files', () => {
  it('reads a DOCX: headings set the section, list items, paragraphs and the pin table', async () => {
    const doc = await readDocument(await makeIcdDocx(), 'icd.docx');
    expect(doc.kind).toBe('docx');
    expect(doc.blocks.map((b) => [b.kind, b.text])).toEqual([
      ['heading', 'Kestrel ICD'],
      ['paragraph', 'The EPS supplies the OBC over connector J1.'],
      ['heading', 'Interfaces'],
      ['list_item', 'I2C0 between OBC and EPS'],
      ['list_item', 'UART1 between OBC and radio'],
      ['list_item', 'Power on the EPS first'],
      ['paragraph', 'End of interfaces.'],
    ]);
    expect(doc.blocks[2]).toMatchObject({ level: 2, location: { section: 'Interfaces' } });
    expect(doc.tables).toEqual([
      {
        name: 'Interfaces',
        rows: [
          ['Pin', 'Signal', 'Direction'],
          ['1', 'GND', '-'],
          ['3', 'I2C_SDA', 'bidirectional'],
        ],
        location: { section: 'Interfaces', table: 0 },
      },
    ]);
    // Reading order: the table sits between the list and the last paragraph.
    expect(doc.text).toMatch(
      /Power on the EPS first\n\nPin\tSignal\tDirection\n[^]*\n\nEnd of interfaces\.$/,
    );
  });

  it('reads every XLSX sheet as a table with its sheet, numbers as shown and dates as ISO dates', async () => {
    const doc = await readDocument(await makeBomXlsx(), 'bom.xlsx');
    expect(doc.kind).toBe('xlsx');
    expect(doc.tables.map((t) => [t.name, t.location])).toEqual([
      ['BOM', { sheet: 'BOM', row: 1, table: 0 }],
      ['Notes', { sheet: 'Notes', row: 1, table: 1 }],
    ]);
    expect(doc.tables[0]?.rows).toEqual([
      ['Kestrel EPS BOM'],
      ['Released', '2026-03-02'],
      [],
      ['RefDes', 'Qty', 'MPN', 'Description'],
      ['U1', '1', 'TPS62130RGTR', 'Buck converter'],
      ['C1, C2', '2', 'GRM188R61E106MA73D', '10 µF 0603'],
    ]);
  });

  it('tells DOCX from XLSX by their parts, not their names', async () => {
    expect((await readDocument(await makeBomXlsx(), 'bom.docx')).kind).toBe('xlsx');
    expect((await readDocument(await makeIcdDocx(), 'icd.zip')).kind).toBe('docx');
  });

  it('refuses a damaged DOCX as corrupt and a password-protected Office file as encrypted', async () => {
    const docx = await makeIcdDocx();
    await expect(readDocument(docx.subarray(0, docx.length / 2), 'half.docx')).rejects.toMatchObject({
      code: 'corrupt',
    });
    // Office saves a protected DOCX as an OLE compound file holding an "EncryptedPackage" stream.
    const ole = Buffer.alloc(2048);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(ole);
    Buffer.from('EncryptedPackage', 'utf16le').copy(ole, 1024);
    await expect(readDocument(new Uint8Array(ole), 'locked.docx')).rejects.toMatchObject({
      code: 'encrypted',
    });
    ole.fill(0, 1024);
    await expect(readDocument(new Uint8Array(ole), 'old.doc')).rejects.toMatchObject({
      code: 'unsupported',
      message: expect.stringContaining('.docx') as string,
    });
  });
});

describe('readDocument bounds on Office files', () => {
  it('refuses a DOCX or XLSX whose parts unpack to more than the bound, before inflating them', async () => {
    const xlsx = await makeBomXlsx();
    await expect(readDocument(xlsx, 'bom.xlsx', undefined, { maxExpandedBytes: 1024 })).rejects.toMatchObject(
      { code: 'too_large', message: expect.stringMatching(/^This XLSX file unpacks to \d/) as string },
    );
    expect((await readDocument(xlsx, 'bom.xlsx', undefined, { maxExpandedBytes: 1024 * 1024 })).kind).toBe(
      'xlsx',
    );
  });
});
