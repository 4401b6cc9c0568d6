// The scanner role in a process of its own (so its RSS is the scanner's):
// the real prober and scanner worker, on the bench's broker and topics,
// resolving the simulated web's hosts to loopback.
import { z } from 'zod';
import { createEventPublisher, createKafka, createProber, startScannerWorker } from '@mcp-census/streams';
import { resolverForSimulatedWeb } from '@mcp-census/streams/simweb/index';
import { silentLogger } from '@mcp-census/streams/platform/logger';

const startSchema = z.object({
  brokers: z.array(z.string()).min(1),
  topics: z.object({ requested: z.string(), completed: z.string(), log: z.string() }),
  web: z.object({ sites: z.number().int().positive(), seed: z.number().int(), port: z.number().int().positive() }),
  concurrency: z.number().int().positive(),
  partitions: z.number().int().positive(),
  hostRps: z.number().positive(),
  groupId: z.string(),
});

const start = startSchema.parse(await new Promise((resolve) => process.once('message', resolve)));
const kafka = createKafka({ brokers: start.brokers, clientId: 'bench-scale-scanner' });
const publisher = await createEventPublisher(kafka, 'bench-scale-scanner');
const prober = createProber({ allowPrivate: true, resolveHost: resolverForSimulatedWeb(start.web), maxConcurrency: start.concurrency, hostRps: start.hostRps });
const worker = await startScannerWorker({
  kafka,
  publisher,
  prober,
  topics: start.topics,
  concurrency: start.concurrency,
  partitionsConsumedConcurrently: start.partitions,
  groupId: start.groupId,
  log: silentLogger(),
});
process.send?.({ type: 'ready' });
process.on('disconnect', () => {
  void (async () => {
    await worker.stop();
    await publisher.disconnect();
    await prober.close();
    process.exit(0);
  })();
});
