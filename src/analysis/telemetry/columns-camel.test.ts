// Channel names written in camel case (`heaterCmd`, `plateTemp2_C`), as loggers and JSON-lines
// exporters often write them, play the same roles as their snake-case spellings: a command explains
// the change it causes, siblings are found, units are read. Pure: a CSV in a temp directory.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseTelemetry } from './analyse.js';
import { bareName, isCommandName, isTimeName, stemOf, unitsOf, wordsOf } from './columns.js';

describe('camel-case channel names', () => {
  it('are read in words, units and bracketed units kept whole', () => {
    expect(wordsOf('speedCmdRpm')).toBe('speed_Cmd_Rpm');
    expect(wordsOf('radialLoadKN')).toBe('radial_Load_KN');
    expect(wordsOf('motor_power_kW')).toBe('motor_power_kW');
    expect(wordsOf('temp [degC]')).toBe('temp [degC]');
    expect(unitsOf('busVoltageV')).toBe('V');
    expect(unitsOf('chamberPressure_kPa')).toBe('kPa');
    expect(bareName('chamberPressure_kPa')).toBe('chamber_Pressure');
  });
  it('name commands, set-points, the time axis and siblings as snake case does', () => {
    for (const name of ['heaterCmd', 'fanSpeedCommand_pct', 'chamberSetpoint_C', 'testMode', 'scriptState'])
      expect(isCommandName(name)).toBe(true);
    for (const name of ['plateTemp1_C', 'commander', 'statement']) expect(isCommandName(name)).toBe(false);
    expect(isTimeName('elapsedS')).toBe(true);
    expect(stemOf('plateTemp1_C')).toBe(stemOf('plateTemp3_C'));
    expect(stemOf('plateTemp1_C')).toBe(stemOf('plate_temp_2_C'));
  });
});

const dir = mkdtempSync(join(tmpdir(), 'hwa-columns-camel-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const noise = (i: number) => Math.sin(i * 12.9898) * 1.7 * Math.cos(i * 78.233);

describe('a file with camel-case names', () => {
  it('explains a commanded change by its set-point column and finds a step against siblings', async () => {
    // 1 Hz; a load bank's set-point goes 100 -> 200 -> 150 kW at 2000 and 3000 s, the output power
    // follows and the bus voltage sags for a few seconds at each load step (a transient the set-point
    // explains, a spike if it were not read as one); three plate thermometers, plate 2 stepping by 0.5 degC (10 noise
    // sigmas) at 4000 s, nothing commanded.
    const rows = [
      'elapsedS,loadBankSetpointKW,outputPowerKW,busVoltageV,plateTemp1_C,plateTemp2_C,plateTemp3_C',
    ];
    for (let i = 0; i < 6000; i++) {
      // The load bank takes each new load in four 1 s stages.
      const stage = (at: number) => Math.min(1, Math.max(0, (i - at + 1) / 4));
      const setpoint = Math.round(100 + 100 * stage(2000) - 50 * stage(3000));
      const power = (setpoint + 0.5 * noise(i + 31)).toFixed(2);
      const sinceStep = i >= 3000 ? i - 3000 : i >= 2000 ? i - 2000 : Infinity;
      const volts = (230 - 12 * Math.exp(-sinceStep / 2) + 0.3 * noise(i + 97)).toFixed(1);
      const temps = [0, 1, 2].map((k) =>
        (20 + 0.2 * k + (k === 1 && i >= 4000 ? 0.5 : 0) + 0.05 * noise(i + 7919 * k)).toFixed(3),
      );
      rows.push([i, setpoint, power, volts, ...temps].join(','));
    }
    const path = join(dir, 'loadbank.csv');
    writeFileSync(path, rows.join('\n') + '\n');
    const { findings } = await analyseTelemetry({ path, fileName: 'loadbank.csv' });
    expect(findings.map((f) => [f.kind, f.channels])).toEqual([['step', ['plateTemp2_C']]]);
    expect(findings[0]!.t_start).toBeGreaterThan(3990);
    expect(findings[0]!.t_start).toBeLessThanOrEqual(4000);
    expect(findings[0]!.t_end).toBeGreaterThanOrEqual(4000);
  });
});
