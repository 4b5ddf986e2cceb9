// The telemetry analyst's entry points: analyse one file, and score findings against a truth file.
export { analyseTelemetry } from './analyse.js';
export { limitsFromContext } from './limits.js';
export { scoreTelemetry, type TelemetryScore, type TelemetryTruth, type TruthEvent } from './score.js';
export type * from './types.js';
// The report job draws its charts from the same parsed table the analyst reads (v: rn, t, c0..cN).
export { openSource, rowsOf, type Source } from './source.js';
