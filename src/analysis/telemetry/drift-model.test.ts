// A lone channel two lags behind its command: a combustor liner behind the gas temperature behind the
// fuel flow. When the fuel steps down near the end of the record the liner barely moves for the first
// seconds, then falls 68 degC; the file ends before it settles. The fall is the step's answer, which
// the lagged command model follows; a creep of the same liner on a steady stretch is the liner's own.
// Pure: a CSV in a temp directory, DuckDB in memory.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseTelemetry } from './analyse.js';
import { commandsAccount } from './drift-model.js';

const dir = mkdtempSync(join(tmpdir(), 'hwa-drift-model-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Deterministic noise with unit spread (a fixed sequence, so the test does not depend on a seed). */
const noise = (i: number) => Math.sin(i * 12.9898) * 1.7 * Math.cos(i * 78.233);

/**
 * 10 Hz over 2000 s: fuel 0 -> 18 g/s at 100 s, 24 at 700 s, 21 at 1400 s; gas temperature 60 s behind
 * it, liner 250 s behind the gas, 0.4 degC noise. `creep`: the liner also creeps 6 degC over
 * 1000-1300 s.
 */
async function analyse(name: string, creep: boolean) {
  const rows = ['t_s,fuel_flow_cmd_g_s,liner_temp_C'];
  const dt = 0.1;
  let gas = 380;
  let liner = 380;
  for (let i = 0; i < 20000; i++) {
    const s = i * dt;
    const fuel = s < 100 ? 0 : s < 700 ? 18 : s < 1400 ? 24 : 21;
    gas += (380 + 38 * fuel - gas) * (1 - Math.exp(-dt / 60));
    liner += (gas - liner) * (1 - Math.exp(-dt / 250));
    const c = creep ? 6 * Math.min(1, Math.max(0, (s - 1000) / 300)) : 0;
    rows.push([s.toFixed(1), fuel, (liner + c + 0.4 * noise(i)).toFixed(2)].join(','));
  }
  const path = join(dir, name);
  writeFileSync(path, rows.join('\n') + '\n');
  return (await analyseTelemetry({ path, fileName: name })).findings.filter((f) => f.kind === 'drift');
}

describe('a lone channel still answering its command', () => {
  it('reports no drift over the answer its command model follows', async () => {
    expect((await analyse('liner.csv', false)).filter((f) => f.t_start >= 1400)).toEqual([]);
  });

  it("the model predicting the level's change its way is the test; a creep it does not predict is kept", () => {
    const n = 3000;
    const own = Float64Array.from({ length: n }, (_, i) => (i < 1000 ? 0 : Math.min(60, (i - 1000) / 10)));
    // The model predicts more than the fall (two lags are not one): the residual moves the other way.
    const over = own.map((v) => -0.6 * v);
    expect(commandsAccount(own, over, 1000, 1600)).toBe(true);
    // The model predicts nothing: the residual is the level's own change.
    expect(commandsAccount(own, own, 1000, 1600)).toBe(false);
    // The model's slow lags take part of a creep: most of it is left.
    expect(
      commandsAccount(
        own,
        own.map((v) => 0.45 * v),
        1000,
        1600,
      ),
    ).toBe(false);
  });
});
