// A file written by a European-locale logger (`;` between fields, a comma in numbers) or with quoted
// decimal commas is analysed as its point-decimal spelling is: same channels, same statistics, same
// findings. Read as text, every channel was context and nothing was found.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseTelemetry } from './analyse.js';

const dir = mkdtempSync(join(tmpdir(), 'hwa-locale-numbers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const noise = (i: number) => Math.sin(i * 12.9898) * 1.7 * Math.cos(i * 78.233);

/** 2 Hz, 4000 rows: a supply with a 4 V spike at 700 s, a temperature stepping 2 degC at 1200 s. */
function rows(): string[][] {
  const out = [['time_s', 'supply_V', 'case_temp_C', 'mode']];
  for (let i = 0; i < 4000; i++) {
    const t = i / 2;
    const volts = 28 + (i === 1400 ? 4 : 0) + 0.05 * noise(i);
    const temp = 35 + (t >= 1200 ? 2 : 0) + 0.1 * noise(i + 7919);
    out.push([t.toFixed(1), volts.toFixed(3), temp.toFixed(2), t < 100 ? 'idle' : 'run']);
  }
  return out;
}

async function analyse(name: string, text: string) {
  const path = join(dir, name);
  writeFileSync(path, text);
  return analyseTelemetry({ path, fileName: name });
}
const shape = (a: Awaited<ReturnType<typeof analyse>>) => ({
  channels: a.channels.map((c) => [c.name, c.kind, c.stats.count, c.stats.mean?.toFixed(6), c.stats.max]),
  findings: a.findings.map((f) => [f.kind, f.channels, f.start_row, f.end_row]),
});

describe('numbers with a decimal comma', () => {
  it('a `;`-separated file reads as its point-decimal spelling', async () => {
    const data = rows();
    const plain = await analyse('plain.csv', data.map((r) => r.join(',')).join('\n') + '\n');
    const european = await analyse(
      'european.csv',
      data.map((r) => r.map((v) => v.replace('.', ',')).join(';')).join('\r\n') + '\r\n',
    );
    expect(plain.findings.map((f) => [f.kind, f.channels])).toEqual(
      expect.arrayContaining([
        ['spike', ['supply_V']],
        ['step', ['case_temp_C']],
      ]),
    );
    expect(shape(european)).toEqual(shape(plain));
  });
  it('quoted decimal commas in a comma-separated file read as numbers', async () => {
    const data = rows();
    const plain = await analyse('plain2.csv', data.map((r) => r.join(',')).join('\n') + '\n');
    const quoted = await analyse(
      'quoted.csv',
      data.map((r, n) => (n === 0 ? r : r.map((v) => `"${v.replace('.', ',')}"`)).join(',')).join('\n') +
        '\n',
    );
    expect(shape(quoted)).toEqual(shape(plain));
  });
  it('a text column of words stays context', async () => {
    const data = rows();
    const a = await analyse('words.csv', data.map((r) => r.join(';')).join('\n') + '\n');
    expect(a.channels.find((c) => c.name === 'mode')?.kind).not.toBe('numeric');
  });
});
