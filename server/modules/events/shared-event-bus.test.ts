import { pino } from 'pino';
import { afterEach, describe, expect, test } from 'vitest';
import { SHARED_REDIS_URL, uniqueRedisPrefix } from '../../../tests/helpers/redis-server';
import { createRedisLink, type RedisLink } from '../../lib/redis';
import { createOwnerEventBus, type OwnerEventBus } from './event-bus';
import { createSharedOwnerEventBus } from './shared-event-bus';

interface Note {
  id: string;
}

const decodeNote = (value: unknown): Note | undefined => {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? { id } : undefined;
};

const links: RedisLink[] = [];
afterEach(async () => {
  await Promise.all(links.splice(0).map((link) => link.close()));
});

/** One instance: its link and its bus on the shared test Redis (or at `url`). */
function instance(prefix: string, url = SHARED_REDIS_URL): { link: RedisLink; bus: OwnerEventBus<Note> } {
  const logger = pino({ level: 'silent' });
  const link = createRedisLink({ url, prefix, logger });
  links.push(link);
  const bus = createSharedOwnerEventBus({
    local: createOwnerEventBus<Note>(),
    redis: link,
    channel: 'notes',
    decode: decodeNote,
    logger,
  });
  return { link, bus };
}

async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('createSharedOwnerEventBus', () => {
  test("a message reaches that owner's listeners on every instance, once each", async () => {
    const prefix = uniqueRedisPrefix('bus');
    const a = instance(prefix);
    const b = instance(prefix);
    await until(() => a.link.status() === 'ok' && b.link.status() === 'ok', 'ok');
    const onA: Note[] = [];
    const onB: Note[] = [];
    const otherOwnerOnB: Note[] = [];
    a.bus.subscribe('owner-1', (note) => onA.push(note));
    b.bus.subscribe('owner-1', (note) => onB.push(note));
    b.bus.subscribe('owner-2', (note) => otherOwnerOnB.push(note));

    a.bus.publish('owner-1', { id: 'n1' });
    // Delivered here before publish() returned.
    expect(onA).toEqual([{ id: 'n1' }]);
    await until(() => onB.length === 1, 'the message on B');
    b.bus.publish('owner-1', { id: 'n2' });
    await until(() => onA.length === 2, 'the message on A');
    // A round trip later, nobody got a second copy of anything (its own echo is ignored).
    await a.link.publish('notes', JSON.stringify({ from: 'elsewhere', workspaceId: 'owner-1', message: { id: 'n3' } }));
    await until(() => onA.length === 3 && onB.length === 3, 'the third message');
    expect(onA).toEqual([{ id: 'n1' }, { id: 'n2' }, { id: 'n3' }]);
    expect(onB).toEqual([{ id: 'n1' }, { id: 'n2' }, { id: 'n3' }]);
    expect(otherOwnerOnB).toEqual([]);
  });

  test('malformed messages on the channel are dropped; the next good one still arrives', async () => {
    const prefix = uniqueRedisPrefix('bus');
    const a = instance(prefix);
    await until(() => a.link.status() === 'ok', 'ok');
    const heard: Note[] = [];
    a.bus.subscribe('owner-1', (note) => heard.push(note));
    await a.link.publish('notes', 'not json');
    await a.link.publish('notes', JSON.stringify({ from: 'elsewhere', workspaceId: 'owner-1', message: { id: 7 } }));
    await a.link.publish('notes', JSON.stringify({ from: 'elsewhere', message: { id: 'x' } }));
    await a.link.publish('notes', JSON.stringify({ from: 'elsewhere', workspaceId: 'owner-1', message: { id: 'ok' } }));
    await until(() => heard.length === 1, 'the good message');
    expect(heard).toEqual([{ id: 'ok' }]);
  });

  test('with Redis unreachable, local listeners still get every message at once', async () => {
    const { bus } = instance(uniqueRedisPrefix('bus'), 'redis://127.0.0.1:1');
    const heard: Note[] = [];
    bus.subscribe('owner-1', (note) => heard.push(note));
    expect(() => bus.publish('owner-1', { id: 'n1' })).not.toThrow();
    expect(heard).toEqual([{ id: 'n1' }]);
    expect(bus.listenerCount('owner-1')).toBe(1);
  });
});
