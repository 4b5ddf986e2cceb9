// The thermal-vacuum example (examples/test-runs) is the generator's output, byte for byte, so the
// README walk and the report tests read the same file.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tvacCsv } from './tvac-csv.js';

describe('examples/test-runs/tvac-cycle.csv', () => {
  it('is what tvacCsv() writes, with a sidecar giving the thermocouples’ 60 °C limit', () => {
    expect(readFileSync('examples/test-runs/tvac-cycle.csv', 'utf8')).toBe(tvacCsv());
    const sidecar = JSON.parse(readFileSync('examples/test-runs/tvac-cycle.csv.limits.json', 'utf8')) as {
      channels: Record<string, { max: number }>;
    };
    expect(sidecar.channels.tc_1_degC?.max).toBe(60);
  });
});
