import { describe, expect, it } from 'vitest';
import { answeredMove, answersCommand, commandsAnswered, movesOf } from './command-answer.js';

const noise = (i: number) => 0.1 * Math.sin(i * 12.9898) * Math.cos(i * 78.233);
const series = (n: number, f: (i: number) => number) =>
  Float64Array.from({ length: n }, (_, i) => f(i) + noise(i));
const SIGMA = 0.1;

describe('movesOf', () => {
  it('groups the rows of one ramp into one move and keeps separate moves apart', () => {
    expect(movesOf([100, 101, 102, 130, 500, 900, 901], 80)).toEqual([
      [100, 130],
      [500, 500],
      [900, 901],
    ]);
  });
});

describe('answeredMove', () => {
  it('sees a new level after the move', () => {
    const x = series(1000, (i) => (i < 500 ? 10 : 12));
    expect(answeredMove(x, SIGMA, 500, 500, 1000)).toBe(true);
  });
  it('sees a transient that settles back (torque while a motor accelerates)', () => {
    const x = series(1000, (i) => (i >= 500 && i < 530 ? 13 : 10));
    expect(answeredMove(x, SIGMA, 500, 500, 1000)).toBe(true);
  });
  it('does not see a channel that only keeps its noise', () => {
    expect(
      answeredMove(
        series(1000, () => 10),
        SIGMA,
        500,
        500,
        1000,
      ),
    ).toBe(false);
  });
  it('does not see a move of 3 sigma (under the 4-sigma bar)', () => {
    const x = series(1000, (i) => (i < 500 ? 10 : 10.3));
    expect(answeredMove(x, SIGMA, 500, 500, 1000)).toBe(false);
  });
});

describe('answersCommand', () => {
  // A command that moves six times, 1,000 samples apart.
  const changes = [1000, 2000, 3000, 4000, 5000, 6000];
  const steppedAt = (at: number[]) => series(7000, (i) => 10 + 2 * at.filter((c) => i >= c).length);
  it('a channel that moves at every move answers the command', () => {
    expect(answersCommand(steppedAt(changes), SIGMA, changes, 80)).toBe(true);
  });
  it('a channel that moves at one move in six (its fault) does not', () => {
    expect(answersCommand(steppedAt([4000]), SIGMA, changes, 80)).toBe(false);
  });
  it('two moves in six (one third) are still not a pattern; three are', () => {
    expect(answersCommand(steppedAt([1000, 4000]), SIGMA, changes, 80)).toBe(false);
    expect(answersCommand(steppedAt([1000, 3000, 4000]), SIGMA, changes, 80)).toBe(true);
  });
  it('a command that moved twice cannot show it is ignored', () => {
    expect(answersCommand(steppedAt([4000]), SIGMA, [1000, 4000], 80)).toBe(true);
  });
});

describe('commandsAnswered: on a sibling residual', () => {
  // A brake command applied six times; both rotor thermocouples climb 40 units at each application,
  // so their difference holds, except for one sensor's jump at the fourth.
  const changes = [1000, 2000, 3000, 4000, 5000, 6000];
  const heat = (i: number) => 40 * changes.filter((c) => i >= c).length;
  const own = series(7000, (i) => 10 + heat(i) + (i >= 4000 ? 1.7 : 0));
  const residual = series(7000, (i) => (i >= 4000 ? 1.7 : 0));
  const by = new Map([['brake_pressure_cmd', changes]]);
  it('a command the siblings answer alike does not explain a step of their difference', () => {
    expect(commandsAnswered(by, { x: own, sigma: SIGMA }, { x: residual, sigma: SIGMA }, 80, true)).toEqual(
      [],
    );
  });
  it('a lone channel answering it on its own level is explained by it', () => {
    expect(commandsAnswered(by, { x: own, sigma: SIGMA }, { x: residual, sigma: SIGMA }, 80, false)).toEqual([
      'brake_pressure_cmd',
    ]);
  });
});
