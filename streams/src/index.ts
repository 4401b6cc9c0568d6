export { startBroker, type BrokerOptions, type RunningBroker } from './broker/index';
export { createKafka, type KafkaLogger } from './kafka/client';
export { buildEnvelope, parseEnvelope, type PayloadOf, type TypedEnvelope } from './kafka/envelope';
export { createEventPublisher, type EventPublisher } from './kafka/event-publisher';
export { runEventConsumer, type EventConsumerOptions, type RunningConsumer } from './kafka/event-consumer';
export { KafkaHealthProbe } from './kafka/health';
export { ensureTopics } from './kafka/topics';
