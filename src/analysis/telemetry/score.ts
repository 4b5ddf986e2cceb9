// Scores findings against a truth file. A finding matches a truth fault when they share a channel and
// the finding's [t_start, t_end] overlaps the fault's interval widened by max(2 s, 10% of its
// duration). Matching is one-to-one (each fault at most once, each finding at most once), greedy:
// right kind first, then smallest start distance. Headline recall and precision ignore the kind; the kind-correct rate among
// matches is reported beside them, and recall per truth kind shows where the misses are.
import type { Finding } from './types.js';

export interface TruthEvent {
  kind: string;
  channels: string[];
  t_start: number;
  t_end: number;
}
export interface TelemetryTruth {
  file: string;
  faults: TruthEvent[];
  not_faults?: TruthEvent[];
}

export interface KindScore {
  expected: number;
  found: number;
  kindCorrect: number;
}
export interface TelemetryScore {
  expected: number;
  predicted: number;
  matched: number;
  recall: number;
  precision: number;
  kindCorrectRate: number;
  perKind: Record<string, KindScore>;
  /** Findings of each kind that matched no fault. */
  falsePositives: Record<string, number>;
  missed: TruthEvent[];
  extra: Finding[];
}

type Scorable = Pick<Finding, 'kind' | 'channels' | 't_start' | 't_end'>;

export function matches(f: Scorable, truth: TruthEvent): boolean {
  if (!f.channels.some((c) => truth.channels.includes(c))) return false;
  const widen = Math.max(2, 0.1 * (truth.t_end - truth.t_start));
  return f.t_start <= truth.t_end + widen && f.t_end >= truth.t_start - widen;
}

/** Scores several files at once (pairs of findings and truth); one file is a list of one. */
export function scoreTelemetry(files: { findings: Finding[]; truth: TelemetryTruth }[]): TelemetryScore {
  const perKind: Record<string, KindScore> = {};
  const falsePositives: Record<string, number> = {};
  const missed: TruthEvent[] = [];
  const extra: Finding[] = [];
  let expected = 0;
  let predicted = 0;
  let matched = 0;
  let kindCorrect = 0;
  for (const { findings, truth } of files) {
    expected += truth.faults.length;
    predicted += findings.length;
    const pairs: { fi: number; ti: number; d: number; wrongKind: number }[] = [];
    findings.forEach((f, fi) =>
      truth.faults.forEach((tr, ti) => {
        if (matches(f, tr))
          pairs.push({ fi, ti, d: Math.abs(f.t_start - tr.t_start), wrongKind: Number(f.kind !== tr.kind) });
      }),
    );
    // Among matching pairs, the right kind first, then the nearest start: the count is kind-agnostic,
    // the kind-correct rate is not penalised by an arbitrary pairing.
    pairs.sort((a, b) => a.wrongKind - b.wrongKind || a.d - b.d);
    const usedF = new Set<number>();
    const assigned = new Map<number, number>();
    for (const p of pairs) {
      if (usedF.has(p.fi) || assigned.has(p.ti)) continue;
      usedF.add(p.fi);
      assigned.set(p.ti, p.fi);
    }
    truth.faults.forEach((tr, ti) => {
      const k = (perKind[tr.kind] ??= { expected: 0, found: 0, kindCorrect: 0 });
      k.expected++;
      const fi = assigned.get(ti);
      if (fi === undefined) {
        missed.push(tr);
        return;
      }
      k.found++;
      matched++;
      if (findings[fi]!.kind === tr.kind) {
        k.kindCorrect++;
        kindCorrect++;
      }
    });
    findings.forEach((f, fi) => {
      if (usedF.has(fi)) return;
      extra.push(f);
      falsePositives[f.kind] = (falsePositives[f.kind] ?? 0) + 1;
    });
  }
  return {
    expected,
    predicted,
    matched,
    recall: expected ? matched / expected : 1,
    precision: predicted ? matched / predicted : 1,
    kindCorrectRate: matched ? kindCorrect / matched : 0,
    perKind,
    falsePositives,
    missed,
    extra,
  };
}
