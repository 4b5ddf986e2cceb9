// Files laid out as loggers and spreadsheets write them are analysed as the plain file is: a units row
// under the header, a row with no time, a timestamp split into date and time of day, a time of day
// alone that passes midnight, a timestamp written in a locale's order or as a count since 1970, JSON
// lines with nested objects and arrays, and a frame-number text column. Each of these had a command's step
// reported as a fault (a NaN in the time series sent every lookup of a moment the wrong way, or a text
// column changing on every row explained everything) or lost the time axis altogether.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseTelemetry } from './analyse.js';
import { stemOf } from './columns.js';
import { openSource, rowsOf } from './source.js';

const dir = mkdtempSync(join(tmpdir(), 'hwa-file-layouts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const noise = (i: number) => Math.sin(i * 12.9898) * 1.7 * Math.cos(i * 78.233);
const START = Date.parse('2026-03-01T23:30:00Z');

/**
 * 2 Hz, 4000 rows from 23:30 UTC: a 4 V spike on the supply at 700 s, the case temperature stepping
 * 2 degC at 1200 s with nothing commanding it, and the heater's set-point stepping at 1500 s with the
 * heater temperature following it (commanded: not a fault).
 */
function rows(): { iso: string; values: string[] }[] {
  const out = [];
  for (let i = 0; i < 4000; i++) {
    const t = i / 2;
    const volts = 28 + (i === 1400 ? 4 : 0) + 0.05 * noise(i);
    const temp = 35 + (t >= 1200 ? 2 : 0) + 0.1 * noise(i + 7919);
    const setpoint = t >= 1500 ? 150 : 100;
    const heater = 40 + (t >= 1500 ? 10 * (1 - Math.exp(-(t - 1500) / 20)) : 0) + 0.1 * noise(i + 104729);
    out.push({
      iso: new Date(START + 500 * i).toISOString(),
      values: [
        volts.toFixed(3),
        temp.toFixed(2),
        String(setpoint),
        heater.toFixed(2),
        t < 100 ? 'idle' : 'run',
      ],
    });
  }
  return out;
}
const CHANNELS = ['supply_V', 'case_temp_C', 'heater_setpoint_W', 'heater_temp_C', 'mode'];

async function analyse(name: string, lines: string[]) {
  const path = join(dir, name);
  writeFileSync(path, lines.join('\n') + '\n');
  return analyseTelemetry({ path, fileName: name });
}
const plainLines = () => [
  ['timestamp', ...CHANNELS].join(','),
  ...rows().map((r) => [r.iso, ...r.values].join(',')),
];
/** The instant as a count of 1/perSecond seconds since 1970, as a logger writes it (exact, in BigInt). */
const sinceEpoch = (iso: string, perSecond: number) => {
  const ms = BigInt(Date.parse(iso));
  return perSecond === 1 ? (Number(ms) / 1000).toFixed(1) : String((ms * BigInt(perSecond)) / 1000n);
};
const found = (a: Awaited<ReturnType<typeof analyse>>) =>
  a.findings.map((f) => [f.kind, f.channels.join(','), Math.round(f.t_start)]);
const shape = (a: Awaited<ReturnType<typeof analyse>>) => ({
  rows: a.rows,
  channels: a.channels.map((c) => [c.name, c.kind, c.stats.count, c.stats.mean?.toFixed(6)]),
  findings: a.findings.map((f) => [f.kind, f.channels, f.start_row, f.end_row, f.t_start]),
});

describe('files in loggers’ layouts', () => {
  it('the plain file: the spike and the unexplained step found, the commanded step not', async () => {
    const plain = await analyse('plain.csv', plainLines());
    expect(found(plain)).toEqual([
      ['spike', 'supply_V', 700],
      ['step', 'case_temp_C', 1200],
    ]);
  });

  it('a units row under the header is not a row', async () => {
    const plain = await analyse('plain2.csv', plainLines());
    const [head, ...body] = plainLines();
    const units = await analyse('units.csv', [head!, ',V,degC,W,degC,', ...body]);
    expect(shape(units)).toEqual(shape(plain));
    const described = await analyse('described.csv', [
      head!,
      'UTC,V,degC,W,degC,',
      'Time,Supply,Case,Set,Heater,Mode',
      ...body,
    ]);
    expect(shape(described)).toEqual(shape(plain));
  });

  it('rows with no time in them take the time between their neighbours', async () => {
    const [head, ...body] = plainLines();
    // A logger that lost four rows' contents, at places a search for the commanded step passes.
    const holed = [...body];
    for (const at of [3000, 2500, 2000, 1000]) holed.splice(at, 0, ',,,,,');
    const a = await analyse('holed.csv', [head!, ...holed]);
    expect(a.rows).toBe(4004);
    expect(found(a)).toEqual([
      ['spike', 'supply_V', 700],
      ['step', 'case_temp_C', 1200],
    ]);
    // Every row has a time, rising with the rows: the hole at file row 1000 sits between 499.5 s and 500 s.
    const src = await openSource(join(dir, 'holed.csv'), 'holed.csv');
    try {
      const t = (await rowsOf<{ t: number | null }>(src.conn, 'SELECT t FROM v ORDER BY rn')).map((r) => r.t);
      expect(t.filter((x) => x === null || Number.isNaN(x))).toEqual([]);
      expect(t.every((x, i) => i === 0 || x! >= t[i - 1]!)).toBe(true);
      expect(t[1000]).toBeCloseTo(499.75, 6);
    } finally {
      src.close();
    }
  });

  it('a timestamp split into date and time of day, with an offset, reads as one', async () => {
    const plain = await analyse('plain3.csv', plainLines());
    const split = await analyse('split.csv', [
      ['date', 'time', ...CHANNELS].join(','),
      ...rows().map((r) => {
        // The same instants written at +01:00: the date turns at 23:00 UTC.
        const local = new Date(Date.parse(r.iso) + 3600_000).toISOString();
        return [local.slice(0, 10), local.slice(11, 23) + '+01:00', ...r.values].join(',');
      }),
    ]);
    expect(shape(split)).toEqual(shape(plain));
    expect(split.time).toMatchObject({
      column: 'date + time',
      kind: 'iso',
      start: '2026-03-01T23:30:00.000Z',
    });
  });

  it('a time of day alone counts on past midnight', async () => {
    const plain = await analyse('plain4.csv', plainLines());
    const clock = await analyse('clock.csv', [
      ['time', ...CHANNELS].join(','),
      ...rows().map((r) => [r.iso.slice(11, 23), ...r.values].join(',')),
    ]);
    expect(shape(clock)).toEqual(shape(plain));
    expect(clock.time).toMatchObject({ column: 'time', kind: 'iso' });
  });

  it.each([
    ['day first with dots', (y: string, m: string, d: string, clock: string) => `${d}.${m}.${y} ${clock}`],
    ['day first with slashes', (y: string, m: string, d: string, clock: string) => `${d}/${m}/${y} ${clock}`],
    [
      'month first, 12-hour clock',
      (y: string, m: string, d: string, clock: string) => {
        const hour = Number(clock.slice(0, 2));
        const h12 = String(hour % 12 || 12).padStart(2, '0');
        return `${m}/${d}/${y} ${h12}${clock.slice(2)} ${hour < 12 ? 'AM' : 'PM'}`;
      },
    ],
  ])('a timestamp written in a locale (%s) reads as the ISO one', async (style, write) => {
    const plain = await analyse('plain6.csv', plainLines());
    const name = `${style.replace(/\W+/g, '-')}.csv`;
    const local = await analyse(name, [
      ['timestamp', ...CHANNELS].join(','),
      // The log passes midnight: 01/03 then 02/03 read both ways, but only day first is a minute later.
      ...rows().map((r) => {
        const [y, m, d, clock] = [
          r.iso.slice(0, 4),
          r.iso.slice(5, 7),
          r.iso.slice(8, 10),
          r.iso.slice(11, 23),
        ];
        return [write(y, m, d, clock), ...r.values].join(',');
      }),
    ]);
    expect(shape(local)).toEqual(shape(plain));
    expect(local.time).toMatchObject({ column: 'timestamp', kind: 'iso', start: '2026-03-01T23:30:00.000Z' });
  });

  it.each([
    ['seconds', 1],
    ['milliseconds', 1e3],
    ['microseconds', 1e6],
    ['nanoseconds', 1e9],
  ])('a count since 1970 in %s, its name giving no unit, reads as seconds', async (unit, perSecond) => {
    const plain = await analyse('plain7.csv', plainLines());
    const counted = await analyse(`epoch-${unit}.csv`, [
      ['timestamp', ...CHANNELS].join(','),
      ...rows().map((r) => [sinceEpoch(r.iso, perSecond), ...r.values].join(',')),
    ]);
    expect(shape(counted)).toEqual(shape(plain));
    expect(counted.time).toMatchObject({ column: 'timestamp', kind: 'seconds' });
  });

  it('JSON lines with nested objects: each value is a channel named by its path', async () => {
    const plain = await analyse('plain8.csv', plainLines());
    const nested = await analyse(
      'nested.jsonl',
      rows().map((r) => {
        const [supply, caseTemp, setpoint, heater, mode] = r.values.map((v, i) => (i < 4 ? Number(v) : v));
        return JSON.stringify({
          timestamp: r.iso,
          power: { supply_V: supply },
          thermal: { case_temp_C: caseTemp, heater: { setpoint_W: setpoint, temp_C: heater } },
          mode,
        });
      }),
    );
    const named = [
      ['power.supply_V', 'V'],
      ['thermal.case_temp_C', 'C'],
      ['thermal.heater.setpoint_W', 'W'],
      ['thermal.heater.temp_C', 'C'],
      ['mode', null],
    ];
    expect(nested.channels.map((c) => [c.name, c.units])).toEqual(named);
    const renamed = (a: Awaited<ReturnType<typeof analyse>>) =>
      shape(a).findings.map(([kind, channels, ...rest]) => [
        kind,
        (channels as string[]).map((c) => CHANNELS.indexOf(c)),
        ...rest,
      ]);
    expect(
      shape(nested).findings.map(([kind, channels, ...rest]) => [
        kind,
        (channels as string[]).map((c) => named.findIndex(([n]) => n === c)),
        ...rest,
      ]),
    ).toEqual(renamed(plain));
    expect(nested.channels.map((c) => c.stats.mean?.toFixed(6))).toEqual(
      plain.channels.map((c) => c.stats.mean?.toFixed(6)),
    );
  });

  it('JSON lines with an array of sensors: each element is a channel, siblings of one quantity', async () => {
    const a = await analyse(
      'array.jsonl',
      rows().map((r, i) =>
        JSON.stringify({
          timestamp: r.iso,
          cell_V: [0, 1, 2].map(
            (k) => +(3.7 + 0.002 * noise(i + 31 * k) + (k === 1 && i === 1400 ? 0.3 : 0)).toFixed(4),
          ),
        }),
      ),
    );
    expect(a.channels.map((c) => [c.name, c.units])).toEqual([
      ['cell_V[1]', 'V'],
      ['cell_V[2]', 'V'],
      ['cell_V[3]', 'V'],
    ]);
    // One stem: the three are read as sensors of one quantity, compared with each other.
    expect(a.channels.map((c) => stemOf(c.name))).toEqual(['cell', 'cell', 'cell']);
    expect(found(a)).toEqual([['spike', 'cell_V[2]', 700]]);
  });

  it('a space after each comma: blank cells are empty cells', async () => {
    // 300 rows without the supply voltage (a dropout), written `,,` in one file and `, ,` in the other.
    const lines = plainLines().map((l, i) => (i > 3000 && i <= 3300 ? l.replace(/,[^,]+/, ',') : l));
    const plain = await analyse('gappy.csv', lines);
    expect(found(plain)).toContainEqual(['dropout', 'supply_V', 1500]);
    const spaced = await analyse(
      'spaced.csv',
      lines.map((l) => l.replace(/,/g, ', ')),
    );
    expect(shape(spaced)).toEqual(shape(plain));
  });

  it('a text column changing on every row explains nothing', async () => {
    const plain = await analyse('plain5.csv', plainLines());
    const framed = await analyse('framed.csv', [
      [...plainLines()[0]!.split(','), 'frame_id'].join(','),
      ...rows().map((r, i) => [r.iso, ...r.values, `F${String(i).padStart(6, '0')}`].join(',')),
    ]);
    expect(found(framed)).toEqual(found(plain));
  });
});
