/** Domain events: what a service publishes inside its transaction, delivered after commit. */
export { EventBus, oncePerTransaction, publish, sharedRead } from './event-bus.ts';
export type { DomainEvents, EventName } from './events.ts';
export { VEHICLE_CATALOGUE_EVENTS } from './events.ts';
export { PostgresListener } from './postgres-listener.ts';
