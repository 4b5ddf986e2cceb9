// analyseTelemetry: statistics and findings for one telemetry file. DuckDB reads the file and answers
// the scans; detectors run on per-channel series pulled in chunks (bucketed beyond `maxPoints`).
// Commands, modes and the start-up window explain changes; siblings expose slow faults.
import { isNumericType, unitsOf } from './columns.js';
import { answeredBy, looksMeasured, looksProgrammed } from './commands.js';
import { isScan } from './program-scan.js';
import {
  changeIndices,
  commandChanges,
  explainers,
  makeChannel,
  settleTime,
  settleLevel,
  responded,
  siblingResidual,
  siblingsOf,
  startupEnd,
  moves,
  indexAt,
  isDiscrete,
  type Channel,
  type Context,
} from './context.js';
import { standsOut } from './detect-drift.js';
import { driftCandidates, type DriftCandidate } from './drift-candidates.js';
import { sharedBySameUnits } from './drift-ambient.js';
import { loadExplains } from './drift-gain.js';
import { holdsOnSteadyReference } from './drift-reference.js';
import {
  dropouts,
  limitBreaches,
  MIN_EMPTY_RUN,
  stuckRuns,
  STUCK_MIN_ROWS,
  STUCK_RATIO,
} from './detect-flat.js';
import {
  oscillations,
  SLOW_OSCILLATION_SCALE,
  SPIKE_Z,
  spikes,
  steps,
  stepWindow,
  type RawEvent,
} from './detect-local.js';
import { commandedOff, timeAt, toFindings } from './assemble.js';
import { mergeReportable } from './merge-span.js';
import { warmUpTail } from './drift-warmup.js';
import { pairSteps, type RowEvent } from './findings.js';
import { limitsFromContext } from './limits.js';
import { limitRepeats } from './repeats.js';
import { cyclePoint, cyclingColumns, eventPoint } from './repeats-cycle.js';
import { dropSwitchMarks } from './cycle-transitions.js';
import { residualOscillations } from './oscillation-residuals.js';
import {
  causeBy,
  changeSettler,
  FREQUENCY_UNITS,
  movingChanges,
  ONSET_SAMPLES,
  spikeExplained,
} from './spike-context.js';
import { spikeContext } from './spike-drive.js';
import { glitchOnResponse } from './spike-glitch.js';
import { materialChanges, stepExplained } from './step-context.js';
import { levelSteps } from './step-level.js';
import { cyclingToggles, toggleAnswer } from './step-toggle.js';
import { jumpAt, stepIsOwn } from './step-reference.js';
import { answersPartner } from './step-partner.js';
import { commandedMoves, inTransit } from './transit.js';
import { commandsAnswered } from './command-answer.js';
import { switchesLevel, switchingLevels, type SwitchingLevels } from './switching-levels.js';
import { naturalHold, repeatShare } from './stuck-context.js';
import { outlastsDrive } from './oscillation-drive.js';
import { answeredChangeTimes } from './oscillation-answer.js';
import { beyondSameDrive } from './oscillation-same-drive.js';
import { unlikeItsAnswers } from './oscillation-peers.js';
import { positionSiblings } from './sibling-positions.js';
import { phaseSiblings } from './sibling-phases.js';
import { followsDwells, followsReference } from './oscillation-context.js';
import { atFrozenEdge, dropFrozenEchoes, joinFlicker, withoutFrozen } from './frozen.js';
import { lag, lagSet, residualOf } from './model.js';
import { standsOutModelled } from './sibling-stands-out.js';
import { modelLags } from './sibling-model.js';
import { modelledAgainst } from './sibling-modelled.js';
import { interpolate, meanOf, noiseScale, prefix, quantum } from './robust.js';
import { channelStats, percentileEvery, scanRows } from './scans.js';
import { openSource, type Source } from './source.js';
import type { ChannelSummary, TelemetryAnalysis, TelemetryInput, TelemetryOptions } from './types.js';

/**
 * Spikes on a bucketed series: a one-row glitch is averaged away in a bucket's mean (1/14th of it on a
 * 200 MB file), but it is the bucket's highest or lowest value, and the series of bucket extremes is as
 * smooth as the means elsewhere. Each extreme series gets its own noise scale.
 */
function bucketSpikes(
  ch: Channel,
  scan: Awaited<ReturnType<typeof scanRows>>,
  cols: { name: string }[],
  bucket: number,
) {
  const j = cols.findIndex((c) => c.name === ch.name) + 1;
  if (!scan.highs[j]?.length) return [];
  // A bucket's extreme sits ~2 sigma of its rows from the bucket's mean by chance alone (the largest
  // of 14 Gaussian rows), and over 200,000 buckets the extremes' own series has tails the mean's has
  // not: three false spikes on a clean channel of the 200 MB bench file. A spike must also stand
  // SPIKE_Z row sigmas off its bucket's mean, the row sigma being the mean series' noise x sqrt(bucket).
  const rowSigma = ch.sigma * Math.sqrt(bucket);
  // No bucket's extreme that far off its mean, no spike can pass that test: the spike search (a rolling
  // median and a noise scale per series) is skipped: most series of a clean file.
  const offMean = (x: Float64Array) => {
    for (let k = 0; k < x.length; k++) if (Math.abs(x[k]! - ch.xi[k]!) > SPIKE_Z * rowSigma) return true;
    return false;
  };
  return [scan.highs[j], scan.lows[j]!].filter(offMean).flatMap((x) => {
    const ext = makeChannel(ch.name, ch.units, x, noiseScale(x), ch.quantum);
    return spikes(ext).events.filter((e) => {
      let off = 0;
      for (let k = e.i0; k <= e.i1; k++) off = Math.max(off, Math.abs(x[k]! - ch.xi[k]!));
      return off > SPIKE_Z * rowSigma;
    });
  });
}

/**
 * Where a channel is at rest (1): past its start-up, and outside twice its settling time after every
 * change of a command that may explain it. Null when a command moves too often to leave rest to judge
 * (a sweep, a sine: their drive is judged by other rules) or nothing is ever commanded.
 */
function heldMask(ch: Channel, ctx: Context, t: Float64Array): Uint8Array | null {
  const changes = ctx.changes.get(ch.name) ?? [];
  const n = t.length;
  if (!changes.length || changes.length > n / 20) return null;
  const held = new Uint8Array(n).fill(1);
  held.fill(0, 0, Math.min(n, indexAt(t, ctx.startup.get(ch.name) ?? ctx.startupEnd)));
  const settle = 2 * (ctx.settle.get(ch.name) ?? 0);
  const pre = 10 * ctx.period;
  for (const c of changes) held.fill(0, indexAt(t, c - pre), Math.min(n, indexAt(t, c + settle) + 1));
  return held;
}

/** A finding over more than 60% of the file localises nothing: it is dropped. */
const MAX_SPAN = 0.6;

export async function analyseTelemetry(
  input: TelemetryInput,
  options: TelemetryOptions = {},
): Promise<TelemetryAnalysis> {
  const src = await openSource(input.path, input.fileName);
  try {
    return await analyse(src, input, options);
  } finally {
    src.close();
  }
}

async function analyse(
  src: Source,
  input: TelemetryInput,
  options: TelemetryOptions,
): Promise<TelemetryAnalysis> {
  const { conn, rows } = src;
  const cols = src.columns.map((c, i) => ({ ...c, col: `c${i}` }));
  const bucket = Math.max(1, Math.ceil(rows / (options.maxPoints ?? 200_000)));
  // Dropouts are judged on the columns named as measurements, before their data is looked at.
  const measured = cols.filter((c) => c.kind === 'numeric').map((c) => ({ name: c.name, col: c.col }));
  const scan = await scanRows(
    conn,
    ['t', ...cols.map((c) => c.col)],
    rows,
    bucket,
    {
      ratio: STUCK_RATIO,
      minLength: STUCK_MIN_ROWS,
      // Numeric-typed command columns too: one named like a command may turn out to be a sensor.
      cols: cols.filter((c) => c.kind === 'numeric' || isNumericType(c.type)).map((c) => c.col),
    },
    {
      gaps: { time: 't', empty: measured.map((c) => c.col), minEmpty: MIN_EMPTY_RUN },
      // Long files' percentiles are of every k-th row: the pass keeps those rows (short files' are exact).
      sampleEvery: percentileEvery(rows) > 1 ? percentileEvery(rows) : 0,
      moments: { time: 't' },
      meansOnly: ['t'],
    },
  );
  const drop = dropouts(scan, measured);
  const period = drop.median ?? 1;
  const [t, ...data] = scan.series;
  const byName = new Map(cols.map((c, i) => [c.name, data[i]!]));
  // A numeric column with a handful of values (relays, discretes, numeric modes) is a state: its
  // changes explain the others' and it is not judged as a sensor.
  // A column named like a command whose data is sensor noise (`phase_current`) is a measurement.
  for (const c of cols)
    if (c.kind === 'command' && isNumericType(c.type) && looksMeasured(byName.get(c.name)!))
      c.kind = 'numeric';
  for (const c of cols) if (c.kind === 'numeric' && isDiscrete(byName.get(c.name)!)) c.kind = 'command';
  // A column that holds programmed levels and that the others answer is a command too, whatever its name.
  // Each column's noise scale once: five medians of the whole series each time it is asked for.
  const sigmaOf = new Map(
    cols.filter((c) => c.kind === 'numeric').map((c) => [c.name, noiseScale(byName.get(c.name)!)]),
  );
  const sensors = cols
    .filter((c) => c.kind === 'numeric')
    .map((c) => ({
      name: c.name,
      xi: interpolate(byName.get(c.name)!),
      sigma: sigmaOf.get(c.name)!,
    }));
  const programmed = new Set<string>();
  for (const c of cols) {
    const x = byName.get(c.name)!;
    if (c.kind !== 'numeric' || !looksProgrammed(x)) continue;
    const others = sensors.filter((o) => o.name !== c.name);
    if (answeredBy(x, others)) {
      c.kind = 'command';
      programmed.add(c.name);
    }
  }
  const numeric = cols.filter((c) => c.kind === 'numeric');
  const context = cols.filter(
    (c) => c.kind !== 'numeric' && !(c.kind === 'text' && changesOnMostRows(byName.get(c.name)!)),
  );
  const channels: Channel[] = numeric.map((c) => {
    const x = byName.get(c.name)!;
    return makeChannel(c.name, unitsOf(c.name), x, sigmaOf.get(c.name)!, quantum(x));
  });
  const seriesPeriod = period * bucket;
  const ctx: Context = {
    t: t!,
    bucket,
    period: seriesPeriod,
    duration: t![t!.length - 1] ?? 0,
    startupEnd: startupEnd(t!, seriesPeriod),
    startup: new Map(),
    changes: new Map(),
    settle: new Map(),
    siblings: new Map(),
  };
  // A column made a command by its data is known only to be a program; when it changes dozens of
  // times (a frequency scan, a sweep) its changes explain nothing in particular, and as settling
  // windows they would mask the whole record: it stops being judged as a sensor, no more.
  const changeIdx = new Map(
    context.map((c) => {
      const idx = commandChanges(byName.get(c.name)!);
      return [c.name, programmed.has(c.name) && isScan(byName.get(c.name)!, idx.length) ? [] : idx];
    }),
  );

  for (const ch of channels) {
    const idx = [
      ...new Set(
        explainers(
          ch.name,
          context.map((c) => c.name),
        ).flatMap((c) => changeIdx.get(c) ?? []),
      ),
    ].sort((a, b) => a - b);
    ctx.changes.set(
      ch.name,
      idx.map((i) => t![i]!),
    );
    ctx.settle.set(ch.name, idx.length ? settleTime(ch, t!, idx, seriesPeriod) : 0);
    ctx.siblings.set(ch.name, [
      ...siblingsOf(ch, channels),
      ...positionSiblings(ch, channels),
      ...phaseSiblings(ch, channels),
    ]);
    // Power-on is a command change at row 0: warm-up and inrush settle like any commanded response.
    ctx.startup.set(ch.name, Math.max(ctx.startupEnd, settleTime(ch, t!, [0], seriesPeriod)));
  }

  // A spike is explained by the changes of the commands that may have kicked it: not those of a
  // command moving on every sample that the channel shows no trace of (spike-drive.ts).
  const spikeCtx = spikeContext(
    ctx,
    channels,
    context.map((c) => ({ name: c.name, x: byName.get(c.name)!, changes: changeIdx.get(c.name) ?? [] })),
  );

  // Stuck runs (flicker joined) per channel, in series indices: a frozen sensor leaves its siblings'
  // reference while it is frozen.
  const stuck = new Map(
    numeric.map((c) => [c.name, joinFlicker(stuckRuns(scan.runs.get(c.col)!, c.name))] as const),
  );
  const frozenSpans = (name: string) =>
    (stuck.get(name) ?? []).map((e) => ({ i0: Math.floor(e.r0 / bucket), i1: Math.floor(e.r1 / bucket) }));
  const taus = lagSet(seriesPeriod, ctx.duration);
  const modelTaus = modelLags(seriesPeriod, ctx.duration);
  const raw: RawEvent[] = [];
  const cleaned = new Map<string, Float64Array>();
  // Oscillations are explained only by changes that move their command (spike-context.ts), or by any
  // change of a frequency command: a sine sweep's frequency creeps a fraction of a hertz a sample, and
  // the response it drives is an oscillation. Spikes keep every change: the same rule for them found
  // one glitch in set 5 and made 11 false spikes in a held-out set (a command's small steps each
  // kick the channel it drives).
  // Each command's changes that may explain an oscillation.
  const oscChanges = new Map(
    context.map((c) => {
      const x = byName.get(c.name)!;
      const idx = changeIdx.get(c.name) ?? [];
      if (FREQUENCY_UNITS.test(unitsOf(c.name) ?? '')) return [c.name, idx] as const;
      return [c.name, movingChanges(x, idx, c.kind === 'text' || isDiscrete(x))] as const;
    }),
  );
  const oscTimes = [...new Set([...oscChanges.values()].flat())].sort((a, b) => a - b).map((i) => t![i]!);
  // Per channel, only the changes of commands it answers (oscillation-answer.ts).
  const oscCtx = {
    ...ctx,
    changes: answeredChangeTimes(channels, oscChanges, t!, 2 * stepWindow(t!.length)),
  };
  // A drive's motion explains an oscillation's onset, not one that holds on once every command is
  // still (oscillation-drive.ts); its cause is looked for 10 samples on, as spikeExplained does.
  const oscIdx = oscTimes.map((c) => indexAt(t!, c));
  // A numeric command moving all along (a sine) explains no raise its same motion leaves calm where
  // the test returns to it (oscillation-same-drive.ts). Every command that changed up to the event's
  // onset must be such a drive and fail to explain it; a mode or state change there keeps its say.
  const beyondDrives = (x: Float64Array, e: RawEvent) => {
    const width = Number(e.extra?.width ?? 41);
    const [a, b] = [e.i0 - ONSET_SAMPLES, causeBy(e) + 10];
    const causes = context.filter((c) => (oscChanges.get(c.name) ?? []).some((k) => k >= a && k <= b));
    return (
      causes.length > 0 &&
      causes.every((c) => {
        const d = byName.get(c.name)!;
        return c.kind !== 'text' && !isDiscrete(d) && beyondSameDrive(x, interpolate(d), e.i0, e.i1, width);
      })
    );
  };
  // A change explains no oscillation the channel showed after none of that command's like changes
  // (oscillation-peers.ts). Every command that changed at the explaining change must be so.
  const commandSeries = new Map<string, Float64Array>();
  const seriesOf = (name: string) => {
    let x = commandSeries.get(name);
    if (!x) commandSeries.set(name, (x = interpolate(byName.get(name)!)));
    return x;
  };
  const unlikeAnswers = (ch: Channel, x: Float64Array, e: RawEvent) => {
    if (t![e.i0]! < (ctx.startup.get(ch.name) ?? ctx.startupEnd)) return false;
    const by = t![causeBy(e)]! + 10 * ctx.period;
    const times = oscCtx.changes.get(ch.name) ?? [];
    let latest = -1;
    for (const c of times) if (c <= by) latest = c;
    if (latest < 0) return false;
    const ci = indexAt(t!, latest);
    const causes = context.filter((c) => (changeIdx.get(c.name) ?? []).includes(ci));
    const width = Number(e.extra?.width ?? 41);
    return (
      causes.length > 0 &&
      causes.every((c) => {
        const d = byName.get(c.name)!;
        const categorical = c.kind === 'text' || isDiscrete(d);
        return unlikeItsAnswers(
          x,
          categorical ? d : seriesOf(c.name),
          changeIdx.get(c.name)!,
          ci,
          e.i0,
          e.i1,
          width,
          categorical,
        );
      })
    );
  };
  /** Drift candidates, with the series they were judged on and the sibling series behind it. */
  const drifts: DriftCandidate[] = [];
  for (const ch of channels) {
    const sp = spikes(ch);
    cleaned.set(ch.name, sp.cleaned);
    const settler = changeSettler(ch, t!, seriesPeriod);
    const found = [...oscillations(ch, sp.cleaned), ...oscillations(ch, sp.cleaned, SLOW_OSCILLATION_SCALE)];
    // Judged against the channel at rest too: its typical RMS where every command holds and it has
    // settled, when commanded motion sets the file-wide one (detect-local.ts). Only what the
    // file-wide pass did not see at all.
    const held = heldMask(ch, ctx, t!);
    const atRest = held
      ? [
          ...oscillations(ch, sp.cleaned, 1, held),
          ...oscillations(ch, sp.cleaned, SLOW_OSCILLATION_SCALE, held),
        ].filter((e) => !found.some((f) => f.i0 <= e.i1 && f.i1 >= e.i0))
      : [];
    const local = [
      ...sp.events,
      ...sp.onCourse,
      ...found,
      ...atRest,
      ...bucketSpikes(ch, scan, cols, bucket),
    ];
    raw.push(
      // Oscillations as spikes: by the latest change before the event's onset (causeBy), within its
      // own response.
      // During a commanded sine every sample is a change (explained); once the command holds, a limit
      // cycle seconds later is not the sine's doing, whatever the channel's longest settling window.
      ...local.filter(
        (e) =>
          !spikeExplained(e.kind === 'spike' ? spikeCtx : oscCtx, ch, t![e.i0]!, t![causeBy(e)]!, settler) ||
          (e.kind === 'spike' &&
            glitchOnResponse(ch.xi, t!, ch.sigma, e.i0, e.i1, spikeCtx.changes.get(ch.name) ?? [])) ||
          (e.kind === 'oscillation' && outlastsDrive(sp.cleaned, oscIdx, causeBy(e) + 10, e.i0, e.i1)) ||
          (e.kind === 'oscillation' && beyondDrives(sp.cleaned, e)) ||
          (e.kind === 'oscillation' && unlikeAnswers(ch, sp.cleaned, e)),
      ),
    );
  }
  // What a channel does beyond a drive it follows or the cycle it repeats (oscillation-residuals.ts).
  raw.push(
    ...residualOscillations({
      oscCtx,
      channels,
      cleaned,
      commands: context.map((c) => ({
        x: byName.get(c.name)!,
        text: c.kind === 'text',
        oscChanges: oscChanges.get(c.name) ?? [],
        programChanges: changeIdx.get(c.name) ?? [],
      })),
    }),
  );
  // A raise during a stepped scan or a sine sweep that the scan's dwells or a calm channel's motion
  // account for is the test's doing, not an oscillation of the channel's own.
  const dwellSeries = context.map((c) => byName.get(c.name)!);
  const oscs = raw.filter((e) => e.kind === 'oscillation');
  const calm = (name: string, e: RawEvent) =>
    !oscs.some((o) => o.channels.includes(name) && o.i0 <= e.i1 && o.i1 >= e.i0);
  // (Not one found on a cycle residual or a tracking error: the motion those followed is taken out.)
  const scanned = new Set(
    oscs.filter((e) => {
      if (e.extra?.residual) return false;
      const x = cleaned.get(e.channels[0]!)!;
      const typical = e.values.typical_rms!;
      return (
        followsDwells(x, dwellSeries, e.i0, e.i1, typical) ||
        channels.some(
          (o) =>
            o.name !== e.channels[0] &&
            calm(o.name, e) &&
            followsReference(x, cleaned.get(o.name)!, e.i0, e.i1, typical),
        )
      );
    }),
  );
  raw.splice(0, raw.length, ...raw.filter((e) => !scanned.has(e)));
  // The command changes that may explain a step, by command: material ones only (a new level, the start
  // of a fast ramp), and those of a state that cycles too (a step at a thermostat's toggle is the
  // toggle's doing).
  const margin = stepWindow(t!.length);
  const stepChangesBy = new Map(
    context.map((c) => {
      const x = byName.get(c.name)!;
      const idx = programmed.has(c.name) && !changeIdx.get(c.name)?.length ? [] : changeIndices(x);
      return [c.name, materialChanges(x, idx, c.kind === 'text' || isDiscrete(x), margin)] as const;
    }),
  );
  // Cycling states (a thermostat's compressor, a duty-cycled heater) and their toggles.
  const cycling = context
    .map((c) => ({ x: byName.get(c.name)!, toggles: cyclingToggles(byName.get(c.name)!) }))
    .filter((c) => c.toggles.length);
  // A step while a followed command's move is under way is the plant's answer to it (transit.ts).
  const numericCommands = context.filter((c) => c.kind === 'command' && !isDiscrete(byName.get(c.name)!));
  const commandedBy = new Map(
    numericCommands.map((c) => [c.name, commandedMoves([byName.get(c.name)!], channels, margin)] as const),
  );
  // The state a program step starts in: the value of every command whose changes explain others.
  const programCols = context.filter((c) => changeIdx.get(c.name)?.length).map((c) => byName.get(c.name)!);
  const programKey = (i: number) => programCols.map((x) => x[i]).join(',');
  for (const ch of channels) {
    const sibs = channels.filter((c) => ctx.siblings.get(ch.name)!.includes(c.name));
    const own = cleaned.get(ch.name)!;
    const bases: Float64Array[] = [];
    for (const c of context)
      if (
        c.kind === 'command' &&
        /^(DOUBLE|BIGINT|INTEGER|FLOAT|DECIMAL|BOOL|SMALLINT|TINYINT)/i.test(c.type)
      )
        bases.push(interpolate(byName.get(c.name)!));
    const regs = bases.flatMap((b) => [b, ...taus.map((tau) => lag(b, t!, tau))]);
    // Siblings: the residual against their median (what they share cancels). A lone channel: the
    // residual of a lagged regression on the numeric commands (a bus voltage sagging with a motor
    // command); its steps are judged there, its drifts on its own level (drift-own.ts). Tried on
    // siblings too (median plus commands, lagged): more drifts found, but the thermal-lag
    // differences between sensors it leaves produced more false drifts (dev seeds 6-25).
    const refs = sibs.map((s) => withoutFrozen(cleaned.get(s.name)!, frozenSpans(s.name)));
    const y = sibs.length
      ? siblingResidual(
          { ...ch, xi: own },
          sibs.map((s, j) => ({ ...s, xi: refs[j]! })),
        )!
      : residualOf(own, regs, indexAt(t!, ctx.startup.get(ch.name)!));
    // Steps are judged on the sibling residual too: a shared cycle hides a small shift in one sensor.
    // A residual cannot be known finer than the channel's rounding: a lagged model's smooth fit taken
    // from a coarse sensor sitting on one code leaves differences of the fit alone, a thousandth of
    // the 0.5 degC code, and one code's change read as a 994-sigma step. Half a quantum, as noiseScale
    // floors the channel's own scale.
    const ySigma = Math.max(noiseScale(y), 0.5 * ch.quantum);
    // Only the changes of the commands this channel answers may explain its steps (command-answer.ts):
    // answers on the residual the step is judged on (a pair's residual answers a command that only
    // the other sensor follows), and a lone channel's on its own level too.
    const answeredCommands = commandsAnswered(
      stepChangesBy,
      { x: own, sigma: ch.sigma },
      { x: y, sigma: ySigma },
      2 * margin,
      sibs.length > 0,
    );
    const stepChanges = [...new Set(answeredCommands.flatMap((c) => stepChangesBy.get(c) ?? []))].sort(
      (a, b) => a - b,
    );
    const commanded = answeredCommands.flatMap((c) => commandedBy.get(c) ?? []);
    // Evidence in the channel's own units: its mean level 20 samples either side of the change.
    const level = (a: number, b: number) => {
      const xs = own.subarray(Math.max(0, a), Math.min(own.length, b));
      return xs.reduce((p, v) => p + v, 0) / Math.max(1, xs.length);
    };
    // A residual's step that the channel itself does not show is its reference's (step-reference.ts).
    const stepEvents = steps({ ...ch, sigma: ySigma }, y)
      .filter((e) => stepIsOwn(own, refs, e.i0, margin, (e.values.after ?? 0) - (e.values.before ?? 0)))
      .map((e) => ({
        ...e,
        peak_sigma: Math.abs((e.values.after ?? 0) - (e.values.before ?? 0)) / ySigma,
        values: { before: level(e.i0 - 20, e.i0), after: level(e.i0, e.i0 + 20) },
      }));
    // Siblings with different thermal lags part ways after every command: settle on the residual too.
    const changes = (ctx.changes.get(ch.name) ?? []).map((c) => indexAt(t!, c));
    // Settling for steps on the residual: siblings with different thermal lags part and rejoin, so
    // by the residual's level; a lone channel by slope. (Drifts settle by their own rules below.)
    const settleStep = !changes.length
      ? 0
      : sibs.length
        ? settleLevel(y, ch.sigma, t!, changes, seriesPeriod)
        : settleTime({ ...ch, xi: y }, t!, changes, seriesPeriod);
    // Steps on the residual are explained by the residual's own settling too (lag differences).
    const stepCtx = {
      ...ctx,
      settle: new Map([[ch.name, Math.max(settleStep, ctx.settle.get(ch.name) ?? 0)]]),
    };
    // Steps: only material command changes, within that change's own settling on the residual.
    const stepSettler = changeSettler({ ...ch, xi: y, sigma: ySigma }, t!, seriesPeriod);
    // A sibling freezing or recovering moves the median every residual is taken against.
    const sibFrozen = sibs.flatMap((s) => frozenSpans(s.name));
    // A step at a cycling state's toggle that is the channel's usual answer to it (step-toggle.ts),
    // judged on the series the step was found in (a lone channel's own level: its model took the
    // toggles' answer out of the residual).
    const judged = sibs.length ? { x: y, sigma: ySigma } : { x: own, sigma: ch.sigma };
    const pre = prefix(judged.x);
    const toggled = (i: number) => {
      const size = meanOf(pre, i, Math.min(own.length, i + margin)) - meanOf(pre, Math.max(0, i - margin), i);
      return cycling.some(({ x, toggles }) =>
        toggleAnswer(x, toggles, judged.x, judged.sigma, i, size, margin),
      );
    };
    // A lone channel's step that is its usual answer to another measured channel's move right there
    // (a return temperature falling as the heat load jumps): the process's, not the sensor's
    // (step-partner.ts). Siblings' residuals cancel what the process does to them all.
    const partners = sibs.length
      ? []
      : channels.filter((o) => o !== ch).map((o) => ({ x: cleaned.get(o.name)!, sigma: o.sigma }));
    const answersAPartner = (i: number) =>
      partners.length > 0 && answersPartner(own, ch.sigma, partners, i, jumpAt(own, i, margin), margin);
    raw.push(
      ...[
        ...stepEvents.filter(
          (e) =>
            !atFrozenEdge(e.i0, sibFrozen, margin) &&
            !inTransit(commanded, e.i0, margin, (c) => responded(own, ch.sigma, c, t!.length)) &&
            !stepExplained(stepCtx, ch.name, e.i0, e.i1, stepChanges, stepSettler) &&
            !toggled(e.i0),
        ),
        // A lone channel's model can add dynamics the channel lacks: its level is searched too (step-level.ts).
        ...(sibs.length
          ? []
          : levelSteps(ch, own, stepEvents, {
              ctx,
              changes,
              stepChanges,
              commanded,
              margin,
              fit: own.map((v, i) => v - y[i]!),
            })),
      ].filter((e) => !answersAPartner(e.i0)),
    );
    // Drifts against siblings are judged on the residual less what their gain and lag differences
    // make of the process (sibling-model.ts).
    const modelled = refs.length ? modelledAgainst(ch, own, refs, frozenSpans(ch.name), t!, modelTaus) : null;
    drifts.push(
      ...driftCandidates({
        ctx,
        ch,
        own,
        y,
        ySigma,
        refs,
        sibFrozen,
        changes,
        programKey,
        ...(modelled ? { modelled } : {}),
      }),
    );
  }
  // A drift on a sibling residual is one sensor's own only when the siblings, referenced to each
  // other, kept still over the same window; cells that part under load all move. Judged on plain
  // residuals and, failing that, on modelled ones (sibling-stands-out.ts): siblings whose gains and
  // lags differ part on plain residuals while they settle, as much as one's creep moves it. A pair's drift
  // that its partner's load explains is the two answering that load differently (drift-gain.ts).
  // And a drift on a residual whose reference changed members inside it (a sibling frozen or
  // released there) must hold against the siblings live throughout (drift-reference.ts).
  // A lone channel's drift that the other channels in its units share is their common cause
  // (drift-ambient.ts).
  const sameUnits = (name: string) => {
    const u = channels.find((c) => c.name === name)?.units;
    return u ? channels.filter((c) => c.name !== name && c.units === u).map((c) => cleaned.get(c.name)!) : [];
  };
  for (const { d, y, refs } of drifts)
    if (
      (standsOut(y, refs, d.i0, d.i1) ||
        standsOutModelled(
          withoutFrozen(cleaned.get(d.channels[0]!)!, frozenSpans(d.channels[0]!)),
          refs,
          t!,
          modelTaus,
          d.i0,
          d.i1,
        )) &&
      !(
        refs.length === 0 && sharedBySameUnits(d.values.change ?? 0, d.i0, d.i1, sameUnits(d.channels[0]!))
      ) &&
      // A lone channel's warm-up going on past the start-up window (drift-warmup.ts), read on the series
      // the drift was found on: on the raw level, a load profile's steps before a creep looked like a
      // warm-up's faster move and hid the creep (drift-program.test.ts).
      !(refs.length === 0 && warmUpTail(y, d.i0, d.i1, indexAt(t!, ctx.startup.get(d.channels[0]!)!))) &&
      !(refs.length === 1 && loadExplains(y, refs[0]!, d.i0, d.i1)) &&
      (refs.length < 2 ||
        holdsOnSteadyReference(cleaned.get(d.channels[0]!)!, refs, d.i0, d.i1, d.values.change ?? 0))
    )
      raw.push(d);

  // A switching channel's move from one of its two levels to the other is its actuator switching, not
  // a sensor's step or creep (switching-levels.ts). Levels are asked only of channels with such events.
  const levelsOf = new Map<string, SwitchingLevels | null>();
  const switching = (e: RawEvent) => {
    const name = e.channels[0]!;
    const ch = channels.find((c) => c.name === name);
    if ((e.kind !== 'step' && e.kind !== 'drift') || e.channels.length !== 1 || !ch) return false;
    if (!levelsOf.has(name)) levelsOf.set(name, switchingLevels(cleaned.get(name)!, ch.sigma));
    const levels = levelsOf.get(name);
    return !!levels && switchesLevel(cleaned.get(name)!, levels, e.i0, e.i1, margin);
  };
  raw.splice(0, raw.length, ...raw.filter((e) => !switching(e)));

  const events: RowEvent[] = raw.map((e) => ({ ...e, r0: e.i0 * bucket, r1: e.i1 * bucket + bucket - 1 }));
  events.push(...drop.events);
  const limits = {
    ...limitsFromContext(
      input.context,
      numeric.map((c) => c.name),
    ),
    ...(input.limits ?? {}),
  };
  const reported = new Map<string, RowEvent[]>();
  for (const c of numeric) {
    const ch = channels.find((x) => x.name === c.name)!;
    const repeats = stuck.get(c.name)?.length ? repeatShare(ch.x) : 0;
    for (const e of stuck.get(c.name) ?? []) {
      const t0 = t![Math.floor(e.r0 / bucket)]!;
      const othersMove = channels.some(
        (o) => o !== ch && moves(o, Math.floor(e.r0 / bucket), Math.floor(e.r1 / bucket)),
      );
      const [i0, i1] = [Math.floor(e.r0 / bucket), Math.floor(e.r1 / bucket)];
      const off =
        commandedOff(c.name, context, byName, i0, i1) ||
        naturalHold(ch.x, i0, i1, e.values.value ?? NaN, ch.quantum, repeats);
      // Commands do not explain a frozen value (its siblings keep moving); only start-up and "off" do.
      if (othersMove && t0 >= ctx.startup.get(c.name)! && !off) {
        events.push(e);
        reported.set(c.name, [...(reported.get(c.name) ?? []), e]);
      }
    }
    const lim = limits[c.name];
    if (lim) events.push(...(await limitBreaches(conn, c.col, c.name, lim)));
  }

  const near = Math.max(3, Math.round(2 / period));
  // A stuck channel's own release (a jump back, a ring) within 20 samples of its end is the stuck finding.
  const kept = dropFrozenEchoes(events, reported, 20 * bucket);
  // Repeated firings are judged against those at the same point of the machine's cycle (repeats-cycle.ts).
  const states = context.map((c) => ({ x: byName.get(c.name)!, text: c.kind === 'text' }));
  const point = cyclePoint(states);
  // A spike at a state switch is judged against the channel's mark at every such switch.
  const unmarked = dropSwitchMarks(
    kept,
    cyclingColumns(states),
    (name) => channels.find((ch) => ch.name === name)?.x,
    bucket,
  );
  // Events too long to report are set aside before merging, so they absorb nothing (merge-span.ts).
  const merged = mergeReportable(
    limitRepeats(pairSteps(unmarked, Math.round(rows * 0.5)), undefined, eventPoint(point, bucket)),
    near,
    MAX_SPAN * rows,
  );
  const findings = await toFindings(src, input.fileName, merged, channels);
  const summaries: ChannelSummary[] = [];
  const allStats = await channelStats(
    conn,
    cols.map((c) => c.col),
    rows,
    scan.samples,
    scan.moments,
  );
  for (const [i, c] of cols.entries()) {
    const stats = allStats[i]!;
    if (c.kind === 'text')
      for (const k of ['min', 'max', 'mean', 'std', 'p01', 'p05', 'p50', 'p95', 'p99'] as const)
        stats[k] = null;
    stats.gaps = (drop.emptyCounts.get(c.name) ?? 0) + (c.kind === 'numeric' ? drop.gapCount : 0);
    summaries.push({ name: c.name, units: unitsOf(c.name), kind: c.kind, stats });
  }
  const last =
    rows > 0
      ? await timeAt(src, [0, rows - 1])
      : new Map<number, { t: number; text: string | number | null }>();
  return {
    file: input.fileName,
    rows,
    time: {
      column:
        src.time.clock && src.time.clock !== src.time.column
          ? `${src.time.column} + ${src.time.clock}`
          : src.time.column,
      kind: src.time.kind,
      start: last.get(0)?.text ?? null,
      end: last.get(rows - 1)?.text ?? null,
      median_period_s: drop.median,
    },
    channels: summaries,
    findings,
  };
}

/**
 * A text column whose value changes on most rows is an identifier, a counter or a clock written in a
 * way not read as time, not a mode or a script state: as context, its changes explained every change
 * in the file.
 */
function changesOnMostRows(x: Float64Array): boolean {
  let values = 0;
  let changes = 0;
  let last = NaN;
  for (const v of x) {
    if (v !== v) continue;
    if (values > 0 && v !== last) changes++;
    values++;
    last = v;
  }
  return values >= 20 && changes > values / 2;
}
