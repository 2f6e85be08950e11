import type { Logger } from '../../lib/logger';
import type { RedisLink } from '../../lib/redis';
import { createOwnerEventBus, type OwnerEventBus } from './event-bus';
import { decodeOwnerMessage, type OwnerMessage } from './owner-messages';
import { createSharedOwnerEventBus } from './shared-event-bus';

/**
 * The bus of what a workspace's event streams hear. With Redis a feedback stored (or a site
 * registered, or a member's access changed) on one instance reaches the streams on every
 * instance. The channel keeps its first name, so instances of the previous version still hear
 * (and send) feedback during a rolling upgrade.
 */
export function createOwnerEvents(deps: { redis: RedisLink | undefined; logger: Logger }): OwnerEventBus<OwnerMessage> {
  const { redis, logger } = deps;
  const local = createOwnerEventBus<OwnerMessage>((error) =>
    logger.error({ err: error }, 'an event stream listener failed'),
  );
  if (!redis) return local;
  return createSharedOwnerEventBus({ local, redis, channel: 'events:feedback', decode: decodeOwnerMessage, logger });
}
