/**
 * Axes scaled to the data: from 0 (or a round floor below a negative value)
 * up to a round ceiling just above the largest value, so 13–16% rates fill
 * the plot on a 0–20% axis instead of hugging the floor of a 0–100% one.
 */

/** Room beyond the extreme values, so the top bar or the line never touches the frame. */
const HEADROOM = 1.1;
const NICE = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];
const STEP_MANTISSAS = [1, 2, 2.5, 5];
const MAX_INTERVALS = 5;

const tidy = (x: number): number => Math.round(x * 1e6) / 1e6;

/** The smallest round number (1, 1.5, 2, 2.5, 3, 4, 5, 6, 8 times a power of ten) at or above `v`. */
export function niceCeiling(v: number): number {
  if (!(v > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(v));
  return tidy((NICE.find((n) => n * magnitude >= v - 1e-9) ?? 10) * magnitude);
}

/** Evenly spaced round ticks from `floor` to `ceiling` (both on a tick): 5 intervals at most where round steps allow, else 7. */
export function niceTicks(floor: number, ceiling: number): number[] {
  const span = ceiling - floor;
  if (!(span > 0)) return [floor];
  const onStep = (x: number, s: number) => Math.abs(x / s - Math.round(x / s)) < 1e-6;
  const top = Math.floor(Math.log10(span));
  const steps = [top - 2, top - 1, top, top + 1].flatMap((p) => STEP_MANTISSAS.map((m) => tidy(m * 10 ** p)));
  const fits = (limit: number) => steps.find((s) => span / s <= limit + 1e-9 && onStep(floor, s) && onStep(ceiling, s));
  const step = fits(MAX_INTERVALS) ?? fits(7) ?? span;
  return Array.from({ length: Math.round(span / step) + 1 }, (_, i) => tidy(floor + i * step));
}

/** The smallest round percentage above the largest of `values` plus headroom, at most 100. */
export function percentCeiling(...values: readonly number[]): number {
  const max = Math.max(0, ...values.filter(Number.isFinite));
  return Math.min(100, Math.max(1, niceCeiling(max * HEADROOM)));
}

/** Ticks of a 0-to-`ceiling` percentage axis. */
export const percentTicks = (ceiling: number): number[] => niceTicks(0, ceiling);

export interface Axis {
  domain: [number, number];
  ticks: number[];
}

/** A 0-to-100-at-most percentage axis for shares and rates. */
export function percentAxis(...values: readonly number[]): Axis {
  const ceiling = percentCeiling(...values);
  return { domain: [0, ceiling], ticks: percentTicks(ceiling) };
}

/** An axis for changes that may be negative or past 100% (growth): round floor and ceiling around 0. */
export function signedAxis(values: readonly number[]): Axis {
  const finite = values.filter(Number.isFinite);
  const max = Math.max(0, ...finite);
  const min = Math.min(0, ...finite);
  let ceiling = max > 0 ? niceCeiling(max * HEADROOM) : min < 0 ? 0 : 1;
  let floor = min < 0 ? -niceCeiling(-min * HEADROOM) : 0;
  // both ends on one step: widen the smaller side to a step of the larger one's ticks
  const step = (a: number, b: number) => {
    const t = niceTicks(0, a);
    const s = t[1] ?? a;
    return Math.ceil(b / s - 1e-9) * s;
  };
  if (floor < 0 && ceiling > 0) {
    if (ceiling >= -floor) floor = -step(ceiling, -floor);
    else ceiling = step(-floor, ceiling);
  }
  return { domain: [floor, ceiling], ticks: niceTicks(floor, ceiling) };
}
