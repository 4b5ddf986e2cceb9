// One SVG chart per channel with findings, rendered server-side: vega-lite compiles the spec, vega
// renders it headless (renderer 'none' needs no canvas, so no native module). The series is the
// bucketed min/max band with its mean line (series.ts), findings are shaded by severity, and the
// channel's limits are dashed rules. ~60 ms per chart of 1,000 buckets on this machine.
import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import type { Limit, Severity } from '../telemetry/index.js';
import type { SeriesPoint } from './series.js';

export interface ChartFinding {
  t_start: number;
  t_end: number;
  severity: Severity;
  kind: string;
}

export interface ChartInput {
  channel: string;
  units: string | null;
  fileName: string;
  points: SeriesPoint[];
  findings: ChartFinding[];
  limit?: Limit;
}

const SEVERITY_COLOURS = { high: '#d62728', medium: '#ff7f0e', low: '#bcbd22' };

export async function renderChart(input: ChartInput): Promise<string> {
  const yTitle = input.units ? `${input.channel} (${input.units})` : input.channel;
  const x = { field: 't', type: 'quantitative' as const, title: 'time from start (s)' };
  // A finding shorter than a bucket would be invisible: widen it to at least 0.5% of the span.
  const span = (input.points.at(-1)?.t ?? 1) - (input.points[0]?.t ?? 0) || 1;
  const shaded = input.findings.map((f) => {
    const pad = Math.max(0, span * 0.005 - (f.t_end - f.t_start)) / 2;
    return { t0: f.t_start - pad, t1: f.t_end + pad, severity: f.severity, kind: f.kind };
  });
  const rules = [
    ...(input.limit?.min !== undefined ? [{ y: input.limit.min, label: `min ${input.limit.min}` }] : []),
    ...(input.limit?.max !== undefined ? [{ y: input.limit.max, label: `max ${input.limit.max}` }] : []),
  ];
  const spec: TopLevelSpec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: yTitle, subtitle: input.fileName },
    width: 720,
    height: 220,
    background: 'white',
    layer: [
      {
        data: { values: shaded },
        mark: { type: 'rect', opacity: 0.25 },
        encoding: {
          x: { field: 't0', type: 'quantitative' },
          x2: { field: 't1' },
          color: {
            field: 'severity',
            type: 'nominal',
            scale: { domain: Object.keys(SEVERITY_COLOURS), range: Object.values(SEVERITY_COLOURS) },
            legend: { title: 'finding' },
          },
        },
      },
      {
        data: { values: input.points },
        mark: { type: 'area', opacity: 0.3, color: '#1f77b4' },
        encoding: { x, y: { field: 'min', type: 'quantitative', title: yTitle }, y2: { field: 'max' } },
      },
      {
        data: { values: input.points },
        mark: { type: 'line', strokeWidth: 1, color: '#1f77b4' },
        encoding: { x, y: { field: 'mean', type: 'quantitative', scale: { zero: false } } },
      },
      ...(rules.length > 0
        ? [
            {
              data: { values: rules },
              mark: { type: 'rule' as const, color: '#d62728', strokeDash: [6, 4] },
              encoding: { y: { field: 'y', type: 'quantitative' as const } },
            },
          ]
        : []),
    ],
  };
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
