import type { Admin, Kafka } from 'kafkajs';

/**
 * Keeps one admin connection for health probes so /healthz does not open a
 * new TCP session per request; reconnects after a failure.
 */
export class KafkaHealthProbe {
  private admin: Admin | undefined;

  constructor(private readonly kafka: Kafka) {}

  async check(timeoutMs: number): Promise<void> {
    const admin = (this.admin ??= this.kafka.admin({ retry: { retries: 0 } }));
    try {
      await withTimeout(
        (async () => {
          await admin.connect();
          const cluster = await admin.describeCluster();
          if (cluster.brokers.length === 0) throw new Error('cluster reports no brokers');
        })(),
        timeoutMs,
      );
    } catch (err) {
      this.admin = undefined;
      await admin.disconnect().catch(() => undefined);
      throw err;
    }
  }

  async close(): Promise<void> {
    await this.admin?.disconnect().catch(() => undefined);
    this.admin = undefined;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
