// A small thermal-vacuum telemetry CSV for the report tests and the example: 1 Hz ISO time, a shroud
// set-point ramped 20 -> 55 °C, three thermocouples following it with a lag, a heater commanded on
// (the bus current steps with it: commanded, not a fault), and two faults: tc_3 frozen for 200 s
// during the ramp (stuck sensor) and tc_1 over its 60 °C limit for 100 s (over-temperature).
// Deterministic (a seeded generator), so every run reads the same file.

export interface TvacOptions {
  rows?: number;
  /** Rows where tc_3 repeats one value. */
  stuck?: [number, number];
  /** Rows where tc_1 runs hot by `overBy` °C. */
  hot?: [number, number];
  overBy?: number;
  /** Row at which heater_cmd goes 0 -> 1 and bus_current_A steps up. */
  heaterOn?: number;
}

export const TVAC_DEFAULTS = {
  rows: 1200,
  stuck: [450, 650],
  hot: [1000, 1100],
  overBy: 9,
  heaterOn: 200,
} as const;

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Gaussian noise from two uniforms (Box-Muller). */
const gauss = (rnd: () => number) => Math.sqrt(-2 * Math.log(rnd() + 1e-12)) * Math.cos(2 * Math.PI * rnd());

export function tvacCsv(options: TvacOptions = {}): string {
  const o = { ...TVAC_DEFAULTS, ...options };
  const rnd = random(42);
  const start = Date.UTC(2026, 10, 20, 10, 0, 0);
  const lines = ['time,shroud_setpoint_degC,heater_cmd,tc_1_degC,tc_2_degC,tc_3_degC,bus_current_A'];
  const tc = [20, 20.2, 19.9];
  const q = (x: number, step: number) => (Math.round(x / step) * step).toFixed(2);
  let frozen: string | undefined;
  for (let i = 0; i < o.rows; i++) {
    const setpoint = i < 300 ? 20 : i < 900 ? 20 + ((i - 300) / 600) * 35 : 55;
    for (let k = 0; k < 3; k++) tc[k]! += (setpoint + k * 0.3 - tc[k]!) / 40;
    const heater = i >= o.heaterOn ? 1 : 0;
    const current = (heater ? 2.5 : 1.0) + 0.01 * gauss(rnd);
    // The hot spot warms and cools over ~20 s, as a real one does.
    const hot = Math.max(0, Math.min(1, (i - o.hot[0]) / 20, (o.hot[1] - i) / 20));
    const t1 = tc[0]! + 0.05 * gauss(rnd) + o.overBy * hot;
    const t2 = tc[1]! + 0.05 * gauss(rnd);
    let t3 = q(tc[2]! + 0.05 * gauss(rnd), 0.01);
    if (i >= o.stuck[0] && i < o.stuck[1]) t3 = frozen ??= t3;
    lines.push(
      `${new Date(start + i * 1000).toISOString()},${setpoint.toFixed(2)},${heater},${q(t1, 0.01)},${q(t2, 0.01)},${t3},${current.toFixed(3)}`,
    );
  }
  return lines.join('\n') + '\n';
}
