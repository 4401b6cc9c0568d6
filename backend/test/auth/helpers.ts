import type { Logger } from '../../src/util/logger';

/** A logger that keeps its lines (`level message`) for assertions. */
export function captureLog(): { log: Logger; lines: string[] } {
  const lines: string[] = [];
  const make = (): Logger => ({
    debug: (m) => lines.push(`debug ${m}`),
    info: (m) => lines.push(`info ${m}`),
    warn: (m) => lines.push(`warn ${m}`),
    error: (m) => lines.push(`error ${m}`),
    child: () => make(),
  });
  return { log: make(), lines };
}
