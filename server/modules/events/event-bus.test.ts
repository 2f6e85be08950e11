import { describe, expect, test, vi } from 'vitest';
import { createOwnerEventBus } from './event-bus';

describe('createOwnerEventBus', () => {
  test("a message reaches that owner's listeners only", () => {
    const bus = createOwnerEventBus<string>();
    const a1 = vi.fn();
    const a2 = vi.fn();
    const b = vi.fn();
    bus.subscribe('a', a1);
    bus.subscribe('a', a2);
    bus.subscribe('b', b);
    bus.publish('a', 'hello');
    expect(a1).toHaveBeenCalledWith('hello');
    expect(a2).toHaveBeenCalledWith('hello');
    expect(b).not.toHaveBeenCalled();
  });

  test('unsubscribing removes the listener, and the owner once none is left', () => {
    const bus = createOwnerEventBus<string>();
    const listener = vi.fn();
    const unsubscribe = bus.subscribe('a', listener);
    expect(bus.listenerCount('a')).toBe(1);
    unsubscribe();
    unsubscribe();
    expect(bus.listenerCount('a')).toBe(0);
    bus.publish('a', 'nobody');
    expect(listener).not.toHaveBeenCalled();
  });

  test('a throwing listener is reported and never reaches the publisher or the other listeners', () => {
    const errors: unknown[] = [];
    const bus = createOwnerEventBus<string>((error) => errors.push(error));
    const after = vi.fn();
    bus.subscribe('a', () => {
      throw new Error('broken stream');
    });
    bus.subscribe('a', after);
    expect(() => bus.publish('a', 'x')).not.toThrow();
    expect(after).toHaveBeenCalledWith('x');
    expect(errors).toHaveLength(1);
  });

  test('a listener may unsubscribe itself while the message is delivered', () => {
    const bus = createOwnerEventBus<string>();
    const second = vi.fn();
    const unsubscribe = bus.subscribe('a', () => unsubscribe());
    bus.subscribe('a', second);
    bus.publish('a', 'x');
    expect(second).toHaveBeenCalledTimes(1);
    expect(bus.listenerCount('a')).toBe(1);
  });
});
