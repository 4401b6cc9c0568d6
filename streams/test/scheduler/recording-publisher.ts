import type { ScanRequestedPayload } from '@mcp-census/schemas';
import type { EventPublisher } from '../../src/kafka/event-publisher';

/** The real publisher, which still sends every event, noting each scan.requested payload in `into`. */
export function recordingPublisher(publisher: EventPublisher, into: ScanRequestedPayload[]): EventPublisher {
  return {
    ...publisher,
    publish: async (topic, type, items) => {
      if (type === 'scan.requested') for (const i of items) into.push(i.payload as ScanRequestedPayload);
      return publisher.publish(topic, type, items);
    },
  };
}
