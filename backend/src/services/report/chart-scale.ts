/** A value axis: bounds on "nice" round numbers and the ticks between them. */
export interface Axis {
  min: number;
  max: number;
  step: number;
  ticks: number[];
}

const NICE_STEPS = [1, 2, 2.5, 5, 10];

/** Rounds away float noise (0.1 + 0.2) so ticks print and compare cleanly. */
const clean = (n: number): number => Math.round(n * 1e9) / 1e9;

/**
 * A percent axis scaled to the data, not to 0–100: [lo, hi] widened to
 * multiples of a 1/2/2.5/5 × 10^k step giving about `ticks` intervals,
 * kept within [0, 100] (every such step divides 100, so a clamped bound is
 * still a tick). `fromZero` pins the lower bound (bars must start at 0);
 * a flat series gets a point of room either side.
 */
export function percentAxis(values: number[], opts: { fromZero?: boolean; ticks?: number } = {}): Axis {
  const finite = values.filter((v) => Number.isFinite(v));
  let lo = opts.fromZero ? 0 : Math.min(...finite, Infinity);
  let hi = Math.max(...finite, -Infinity);
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) [lo, hi] = [0, 1];
  if (hi - lo < 1e-9) [lo, hi] = [opts.fromZero ? 0 : Math.max(0, lo - 1), hi + 1];
  const raw = (hi - lo) / (opts.ticks ?? 4);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = clean((NICE_STEPS.find((s) => s * magnitude >= raw) ?? 10) * magnitude);
  const min = Math.max(0, clean(Math.floor(lo / step) * step));
  const max = Math.min(100, clean(Math.ceil(hi / step) * step));
  const ticks: number[] = [];
  for (let v = min; v <= max + step / 1e6; v = clean(v + step)) ticks.push(v);
  return { min, max, step, ticks };
}

/** Decimals a tick label needs for its step: 2.5 → 1, 0.25 → 2, 5 → 0. */
export const stepDecimals = (step: number): number => (String(step).split('.')[1] ?? '').length;

/** Maps a value on the axis to a coordinate between `from` (at min) and `to` (at max). */
export const scale =
  (axis: Axis, from: number, to: number) =>
  (v: number): number =>
    from + ((v - axis.min) / (axis.max - axis.min || 1)) * (to - from);
