// Floors on the evaluation sets the analyst has been tuned on (sets 1 to 9: each released for
// tuning once its blind score was recorded; set 3 on 2026-11-24 at 0.850/0.895, set 4 on 2026-11-24 at
// 0.900/0.923). The unit suite holds only the development seeds, so a change that lost a fault on one of
// these sets, or invented one there, went unseen until someone scored by hand. Each set is generated
// afresh (deterministic), analysed file by file and held at what it scores now. Set 6 joined once it was
// released for tuning (2026-11-24, blind 0.925/0.949), set 7 likewise (released 2026-11-24 after
// blind 0.825/0.943), and set 8 (released 2026-11-24 after blind 0.875/0.897 on the session's start
// code, 0.900/0.878 after set 7's tuning), and set 9 (released 2026-11-24 after blind 0.850/0.791, 0.875/0.778
// after sets 7 and 8 were tuned), and set 10 (released 2026-11-24 after blind 0.800/0.941), and set 12
// (released 2026-11-24 after blind 0.825/0.971), and set 13 (released 2026-11-25 after blind
// 0.850/0.971), and set 14 (released 2026-11-25 after blind 0.900/0.900), and set 15 (released
// 2026-11-25 after blind 0.975/0.796). Set 11 is the held-out one: measured by hand, never
// tuned on.
//   npm run quality:telemetry          (.ci/run runs it after the test suite; ~7 min)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scoreTelemetry } from '../../src/analysis/telemetry/score.js';
import { scoreDirectory, summary } from './score-dir.js';

/**
 * Recall and precision each set reached when its floor was set (2026-11-24; 5 at h-tel3, 3 and 4 at
 * h-tel4, 7 at h-tel7, 8 at h-tel8b, 10 at h-drift, 12 at h-tel12).
 */
const FLOORS: { set: string; recall: number; precision: number }[] = [
  { set: 'telemetry-eval', recall: 0.95, precision: 1.0 },
  { set: 'telemetry-eval-2', recall: 0.925, precision: 0.974 },
  { set: 'telemetry-eval-3', recall: 0.975, precision: 0.975 },
  { set: 'telemetry-eval-4', recall: 1.0, precision: 0.976 },
  // 0.950/1.000 with a creep against a still-running approach judged without a hold (h-drift3).
  { set: 'telemetry-eval-5', recall: 0.95, precision: 1.0 },
  // Released for tuning on 2026-11-24 after its blind score (0.925/0.949); h-tel6's floor.
  { set: 'telemetry-eval-6', recall: 0.975, precision: 0.975 },
  // Released for tuning on 2026-11-24 after its blind score (0.825/0.943); h-tel7's floor.
  { set: 'telemetry-eval-7', recall: 0.925, precision: 0.974 },
  // Released for tuning on 2026-11-24 after its blind score (0.875/0.897 on the session's start code,
  // 0.900/0.878 after set 7's tuning); h-tel8b's floor. 0.975/0.951 measured on 2026-11-25 (main at
  // bf05b6b and since; the floor had not been raised when it got there).
  { set: 'telemetry-eval-8', recall: 0.975, precision: 0.951 },
  // Released for tuning on 2026-11-24 after its blind score (0.850/0.791 on the session's start code,
  // 0.875/0.778 after sets 7 and 8 were tuned). h-tel9b reached 0.900/0.947; its warm-up rule, read on
  // the raw level, also hid a creep under a load profile, and read on the drift's own series it no longer
  // explains one warm-up here: 0.900/0.923.
  // 0.950/0.927 with oscillations judged against like command changes (h-recall, 2026-11-25).
  { set: 'telemetry-eval-9', recall: 0.95, precision: 0.927 },
  // Released for tuning on 2026-11-24 after its blind score (0.800/0.941); h-drift's floor, with
  // sibling drifts judged on a model of each channel from its siblings (gain and lag differences).
  // 0.925/0.949 with oscillations judged against like command changes (h-recall).
  { set: 'telemetry-eval-10', recall: 0.925, precision: 0.949 },
  // Released 2026-11-24 after blind 0.825/0.971 on e9c32ec, 0.850/0.971 after h-drift; h-tel12's floor,
  // with lone drifts judged within a block of repeated strokes and under a first-order approach.
  // 0.975/0.975 with oscillations at rest, like command changes and steps on a ramp (h-recall).
  { set: 'telemetry-eval-12', recall: 0.975, precision: 0.975 },
  // Released 2026-11-25 after blind 0.850/0.971 (two of three missed spikes fell inside a slow
  // set-point ramp, whose every increment explained them); 0.875/0.972 with ramp increments no longer
  // explaining glitches on a channel that holds its level.
  // 0.900/0.973 with a glitch well after a command change judged against its neighbours' course.
  // 0.925/0.974 with a pair's load gain fitted within each side of its drift (h-drift2).
  // 0.950/0.974 with a lone channel's creep judged under a two-lag approach (h-drift3).
  // 0.950/1.000 with a heater's power switching between its two levels no step (h-tel15).
  { set: 'telemetry-eval-13', recall: 0.95, precision: 1.0 },
  // Written blind 2026-11-25 (twelve new rigs), released after its first run on b460eee: 0.900/0.900
  // (two spikes and two drifts missed, four spikes invented on a wave-energy converter's irregular seas).
  // 0.900/1.000 with outliers of a median that reproduces the motion judged on their neighbours'
  // course (spike-course.ts, h-tel14b).
  { set: 'telemetry-eval-14', recall: 0.9, precision: 1.0 },
  // Written blind 2026-11-25 (twelve more rigs), released after its first run on d585d62: 0.975/0.796
  // (a sibling-only drift missed; ten faults invented: five spikes at a PSA bed's pressure crests, two
  // oscillations on its purity, two steps and a drift).
  // 0.975/0.867 with the purity's climb through the bed cycles, the element's switching and the return's
  // answer to the heat load no longer faults (h-tel15).
  // 0.975/0.975 with a spike at a bed switch judged against the channel at every such switch
  // (cycle-transitions.ts).
  { set: 'telemetry-eval-15', recall: 0.975, precision: 0.975 },
];
// Scores print to three decimals; the floors are those printed numbers.
const EPSILON = 5e-4;

const fixtures = join(import.meta.dirname, '../fixtures');
let failed = false;
for (const { set, recall, precision } of FLOORS) {
  const dir = mkdtempSync(join(tmpdir(), `hwa-${set}-`));
  try {
    execFileSync(process.execPath, [join(fixtures, set, 'generate.mjs'), dir], { stdio: 'ignore' });
    const files = await scoreDirectory(dir, true);
    const s = scoreTelemetry(files);
    const ok = s.recall >= recall - EPSILON && s.precision >= precision - EPSILON;
    console.log(
      `${set}: ${ok ? 'holds' : 'BELOW ITS FLOOR'} (floor recall ${recall}, precision ${precision})`,
    );
    console.log(summary(files));
    failed ||= !ok;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
if (failed) {
  console.error('hold-tuned-sets: a tuned telemetry set scores under its floor (above: what it missed)');
  process.exit(1);
}
