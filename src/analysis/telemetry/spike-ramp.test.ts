// A set-point ramped a little on every sample (a fire furnace's ISO 834 curve, a chamber's profile)
// explains no glitch by its increments: a pressure spike mid-ramp is a spike. A step in the ramp, or
// the first change after a hold, still explains what follows it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseTelemetry } from './analyse.js';
import { changeIndices } from './context.js';
import { rampIncrements } from './spike-drive.js';

describe('a ramp’s increments', () => {
  it('are the changes about the size of those around them; a step within the ramp is not one', () => {
    const x = Float64Array.from({ length: 200 }, (_, i) =>
      i < 50 ? 20 : 20 + 0.5 * (i - 50) + (i >= 120 ? 15 : 0),
    );
    const inc = rampIncrements(x, changeIndices(x));
    expect(inc).not.toContain(50);
    expect(inc).not.toContain(120);
    expect(inc).toContain(51);
    expect(inc).toContain(100);
    expect(inc).toContain(150);
  });
  it('a staircase held between its steps has none', () => {
    const x = Float64Array.from({ length: 400 }, (_, i) => 10 * Math.floor(i / 40));
    expect(rampIncrements(x, changeIndices(x))).toEqual([]);
  });
});

const dir = mkdtempSync(join(tmpdir(), 'hwa-spike-ramp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const noise = (i: number) => Math.sin(i * 12.9898) * 1.7 * Math.cos(i * 78.233);

/** 1 Hz, 5400 s: the furnace set-point follows ISO 834 from 600 s; its pressure is held at 10 Pa. */
function furnace(spikeAt?: number): string {
  const rows = ['time_s,furnace_setpoint_C,furnace_temp_C,furnace_pressure_Pa'];
  let temp = 20;
  for (let i = 0; i < 5400; i++) {
    const minutes = Math.max(0, i - 600) / 60;
    const setpoint = i < 600 ? 20 : 20 + 345 * Math.log10(8 * minutes + 1);
    temp += (setpoint - temp) / 30;
    const pressure = 10 + 0.2 * noise(i) + (i === spikeAt ? 6 : 0);
    rows.push(
      [i, setpoint.toFixed(1), (temp + 0.5 * noise(i + 99)).toFixed(1), pressure.toFixed(2)].join(','),
    );
  }
  return rows.join('\n') + '\n';
}

describe('a spike during a slow set-point ramp', () => {
  it('is reported', async () => {
    const path = join(dir, 'furnace.csv');
    writeFileSync(path, furnace(3000));
    const { findings } = await analyseTelemetry({ path, fileName: 'furnace.csv' });
    expect(findings.map((f) => [f.kind, f.channels, f.start_row])).toEqual([
      ['spike', ['furnace_pressure_Pa'], 3000],
    ]);
  });
  it('and the ramp itself is not', async () => {
    const path = join(dir, 'furnace-clean.csv');
    writeFileSync(path, furnace());
    expect((await analyseTelemetry({ path, fileName: 'furnace-clean.csv' })).findings).toEqual([]);
  });
});

describe('a channel a ramp moves through a pattern', () => {
  it('keeps the ramp as the explanation of its sharp features', async () => {
    // 10 Hz: an antenna's azimuth command sweeps -60..60 degrees at 0.05 degrees a sample; the received
    // power follows its pattern, whose nulls pass in a few samples (20 dB deep).
    const rows = ['time_s,azimuth_cmd_deg,rx_power_dBm'];
    for (let i = 0; i < 3000; i++) {
      const az = i < 300 ? -60 : Math.min(60, -60 + 0.05 * (i - 300));
      const u = (Math.PI * az) / 8;
      const gain = Math.abs(u === 0 ? 1 : Math.sin(u) / u);
      rows.push(
        [
          (i / 10).toFixed(1),
          az.toFixed(2),
          (-40 + 20 * Math.log10(gain + 0.01) + 0.1 * noise(i)).toFixed(2),
        ].join(','),
      );
    }
    const path = join(dir, 'antenna.csv');
    writeFileSync(path, rows.join('\n') + '\n');
    const { findings } = await analyseTelemetry({ path, fileName: 'antenna.csv' });
    expect(findings.filter((f) => f.kind === 'spike')).toEqual([]);
  });
});
