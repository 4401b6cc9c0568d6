/**
 * Calls `report` each time `done` crosses another tenth of `total` (once per
 * step, however many steps one update jumps), so long work logs about ten
 * lines whatever its size.
 */
export function everyTenth(total: number, report: (done: number, percent: number) => void): (done: number) => void {
  let nextStep = 1;
  return (done) => {
    const step = total <= 0 ? 10 : Math.min(10, Math.floor((done * 10) / total));
    if (step < nextStep) return;
    nextStep = step + 1;
    report(done, total <= 0 ? 100 : Math.min(100, Math.floor((done * 100) / total)));
  };
}

/** 12,345 */
export const count = (n: number): string => n.toLocaleString('en-US');
