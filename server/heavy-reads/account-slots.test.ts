import { describe, expect, test } from 'vitest';
import { createAccountSlots } from './account-slots';

/** A read that runs until `finish` is called. */
function heldRead(started: string[], name: string) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    read: async () => {
      started.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

const refused = new Error('too many');
const slots = () => createAccountSlots({ running: 2, waiting: 1, refuse: () => refused });

describe('account slots', () => {
  test('an account runs two at once, one more waits, and the next is refused at once', async () => {
    const accountSlots = slots();
    const started: string[] = [];
    const reads = ['a', 'b', 'c'].map((name) => heldRead(started, name));
    const answers = reads.map(({ read }) => accountSlots.run('owner', read));
    await Promise.resolve();
    expect(started).toEqual(['a', 'b']);
    await expect(accountSlots.run('owner', async () => 'd')).rejects.toBe(refused);

    reads[1]?.finish();
    expect(await answers[1]).toBe('b');
    // The freed slot went to the read waiting, first in line.
    expect(started).toEqual(['a', 'b', 'c']);
    for (const read of reads) read.finish();
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c']);
  });

  test("one account's reads never hold up another's", async () => {
    const accountSlots = slots();
    const started: string[] = [];
    const held = ['a', 'b', 'c'].map((name) => heldRead(started, name));
    const answers = held.map(({ read }) => accountSlots.run('busy owner', read));
    expect(await accountSlots.run('other owner', async () => 'other')).toBe('other');
    for (const read of held) read.finish();
    await Promise.all(answers);
  });

  test('a read that fails frees its slot', async () => {
    const accountSlots = slots();
    const failure = new Error('the read failed');
    await expect(accountSlots.run('owner', () => Promise.reject(failure))).rejects.toBe(failure);
    const started: string[] = [];
    const reads = ['a', 'b'].map((name) => heldRead(started, name));
    const answers = reads.map(({ read }) => accountSlots.run('owner', read));
    await Promise.resolve();
    expect(started).toEqual(['a', 'b']);
    for (const read of reads) read.finish();
    await Promise.all(answers);
  });
});
