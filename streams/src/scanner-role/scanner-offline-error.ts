/**
 * Thrown by the scanner's handler instead of publishing an unreachable result
 * while its own network is down (or not yet seen working). The consumer
 * classifies it as an infrastructure failure (kafka/failure-class.ts checks
 * the name), so the request is retried with backoff and never committed or
 * dead-lettered: it is scanned again once the network is back.
 */
export class ScannerOfflineError extends Error {
  static readonly PREFIX = 'Scanner offline';
  constructor(detail: string) {
    // Expected while offline, thrown for every held request: no stack capture.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(`${ScannerOfflineError.PREFIX}: ${detail}`);
    Error.stackTraceLimit = limit;
    this.name = 'ScannerOfflineError';
  }
}
