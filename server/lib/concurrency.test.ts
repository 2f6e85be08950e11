import { describe, expect, test } from 'vitest';
import { createKeyedTurns, createSemaphore } from './concurrency';

/** A task that runs until `finish()` is called, recording when it started. */
function controllable(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    task: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
    finish: () => finish(),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('semaphore', () => {
  test('runs at most N tasks at once and starts the waiting ones in the order they came', async () => {
    const log: string[] = [];
    const slots = createSemaphore(2);
    const tasks = ['a', 'b', 'c', 'd'].map((name) => controllable(log, name));
    const results = tasks.map(({ task }) => slots.run(task));
    await settle();
    expect(log).toEqual(['start a', 'start b']);

    tasks[1]?.finish();
    await settle();
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);
    tasks[0]?.finish();
    tasks[2]?.finish();
    tasks[3]?.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect(log.filter((line) => line.startsWith('start'))).toEqual(['start a', 'start b', 'start c', 'start d']);
  });

  test('a task that fails gives its slot back', async () => {
    const slots = createSemaphore(1);
    const failures = [1, 2, 3].map(() => slots.run(() => Promise.reject(new Error('broken'))));
    for (const failure of failures) await expect(failure).rejects.toThrow('broken');
    expect(await slots.run(() => Promise.resolve('still works'))).toBe('still works');
  });

  test('refuses a size that is not a whole number of at least 1', () => {
    expect(() => createSemaphore(0)).toThrow();
    expect(() => createSemaphore(1.5)).toThrow();
  });
});

describe('keyed turns', () => {
  test('one turn per key at a time, in order; other keys do not wait', async () => {
    const turns = createKeyedTurns();
    const log: string[] = [];
    const first = await turns.take('account 1');
    const second = turns.take('account 1').then((end) => {
      log.push('second');
      return end;
    });
    const other = await turns.take('account 2');
    log.push('other key');
    await settle();
    expect(log).toEqual(['other key']);

    first();
    const endSecond = await second;
    expect(log).toEqual(['other key', 'second']);
    expect(turns.busyKeys).toBe(2);
    endSecond();
    other();
    expect(turns.busyKeys).toBe(0);
  });

  test('ending a turn twice does not end the next holder’s turn', async () => {
    const turns = createKeyedTurns();
    const first = await turns.take('address 1');
    const second = turns.take('address 1');
    first();
    const endSecond = await second;
    let thirdStarted = false;
    const third = turns.take('address 1').then((end) => {
      thirdStarted = true;
      return end;
    });
    first();
    await settle();
    expect(thirdStarted).toBe(false);
    endSecond();
    (await third)();
    expect(turns.busyKeys).toBe(0);
  });
});
