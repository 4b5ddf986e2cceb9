// What a user is told when a file cannot be read: each refusal has its code and a plain message.
import { describe, expect, it } from 'vitest';
import { readDocument } from './read.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('readDocument refusals', () => {
  it('refuses an empty file, and one with only whitespace, as empty', async () => {
    await expect(readDocument(new Uint8Array(), 'a.csv')).rejects.toMatchObject({
      code: 'empty',
      message: 'This file is empty.',
    });
    await expect(readDocument(bytes(' \n\t\r\n'), 'a.md')).rejects.toMatchObject({ code: 'empty' });
    await expect(readDocument(bytes(',,,\n,,\n'), 'a.csv')).rejects.toMatchObject({ code: 'empty' });
  });

  it('refuses a file over the limit as too_large before reading it, naming both sizes', async () => {
    await expect(
      readDocument(bytes('x'.repeat(2048)), 'big.txt', undefined, { maxBytes: 1024 }),
    ).rejects.toMatchObject({
      code: 'too_large',
      message: 'This file is 2 KiB; files over 1 KiB are not read.',
    });
    expect((await readDocument(bytes('x'.repeat(1024)), 'ok.txt', undefined, { maxBytes: 1024 })).kind).toBe(
      'text',
    );
  });

  it('refuses images, other zip archives and binary data as unsupported', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    await expect(readDocument(png, 'plot.png')).rejects.toMatchObject({
      code: 'unsupported',
      message: 'This file is binary data, not a document hwa can read.',
    });
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...bytes('readme.txt')]);
    await expect(readDocument(zip, 'files.zip')).rejects.toMatchObject({ code: 'unsupported' });
    await expect(readDocument(zip, 'broken.xlsx')).rejects.toMatchObject({ code: 'corrupt' });
  });

  it('does not take a text that mentions %PDF- near its top for a PDF', async () => {
    const doc = await readDocument(bytes('A PDF starts with %PDF- and a version.\n'), 'notes.txt');
    expect(doc.kind).toBe('text');
  });

  it('uses the declared type when the name says nothing', async () => {
    const doc = await readDocument(bytes('a;b\n1;2\n'), 'upload', 'text/csv; charset=utf-8');
    expect(doc.kind).toBe('csv');
    expect(doc.tables[0]?.rows).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect((await readDocument(bytes('# Title\n'), 'upload', 'markdown')).kind).toBe('markdown');
  });

  it('reads a long line of pathological Markdown in bounded time (no regex backtracking)', async () => {
    const hostile = `# ${' '.repeat(200_000)}x\n${'['.repeat(200_000)}\n|${' '.repeat(100_000)}\n`;
    const doc = await readDocument(bytes(hostile), 'hostile.md');
    expect(doc.blocks[0]).toMatchObject({ kind: 'heading', text: 'x' });
  });
});
