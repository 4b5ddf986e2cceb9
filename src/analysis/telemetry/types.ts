// The telemetry analyst's public shapes. The report job (issue 13) stores `TelemetryAnalysis` beside the
// markdown, and `generate_issue` files issues from `Finding`s, so these names are a contract: change
// them only together with their readers.

export type FaultKind = 'spike' | 'drift' | 'step' | 'oscillation' | 'limit_breach' | 'dropout' | 'stuck';

export type Severity = 'low' | 'medium' | 'high';

export interface Limit {
  min?: number;
  max?: number;
}

export interface TelemetryInput {
  /** Local path DuckDB can read (the caller streams storage objects to a temp file or gives a path). */
  path: string;
  /** Original name; its extension picks the reader when the path has none. */
  fileName: string;
  /** Per-channel limits, e.g. parsed by the caller from a `<file>.limits.json` sidecar. */
  limits?: Record<string, Limit>;
  /** Free text (a report's `analysis_context`); simple limit sentences in it are honoured. */
  context?: string;
}

export interface TelemetryOptions {
  /** Series longer than this are pulled as bucket means, keeping memory bounded (default 200,000). */
  maxPoints?: number;
}

export type TimeKind = 'iso' | 'seconds' | 'index';

export interface ChannelStats {
  count: number;
  missing: number;
  min: number | null;
  max: number | null;
  mean: number | null;
  std: number | null;
  p01: number | null;
  p05: number | null;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  sample_rate_hz: number | null;
  /** Runs of at least MIN_EMPTY_RUN empty cells in this channel. */
  gaps: number;
}

export type ChannelKind = 'numeric' | 'text' | 'command';

export interface ChannelSummary {
  name: string;
  units: string | null;
  kind: ChannelKind;
  stats: ChannelStats;
}

export interface FindingEvidence {
  /** Peak deviation from the local baseline in units of the channel's noise scale. */
  peak_sigma?: number;
  duration_s: number;
  /** Channel noise scale (robust sigma) the sigmas are measured in. */
  noise?: number;
  /** Typical values: baseline and extreme (or before/after for a step, start/end for a drift). */
  values?: Record<string, number>;
  limit?: Limit;
  /** Worst distance beyond the limit, in channel units. */
  margin?: number;
  [key: string]: unknown;
}

export interface Finding {
  id: string;
  kind: FaultKind;
  channels: string[];
  start_row: number;
  end_row: number;
  /** As written in the file: the ISO text or the seconds value (null for index time). */
  start_time: string | number | null;
  end_time: string | number | null;
  /** Seconds from the first row. */
  t_start: number;
  t_end: number;
  severity: Severity;
  evidence: FindingEvidence;
  description: string;
}

export interface TelemetryAnalysis {
  file: string;
  rows: number;
  time: {
    column: string | null;
    kind: TimeKind;
    start: string | number | null;
    end: string | number | null;
    median_period_s: number | null;
  };
  channels: ChannelSummary[];
  findings: Finding[];
}
