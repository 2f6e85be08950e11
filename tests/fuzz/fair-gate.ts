/**
 * The request gate of a time-bounded fuzz run (`--seconds`): every operation of a phase fuzzes at
 * once, each one request at a time, and at most `limit` requests are on the wire. When a place
 * frees up it goes to the waiting operation that has sent the fewest requests for its weight (its
 * run count), so in any stretch of time the operations get requests in proportion to their run
 * counts, whichever started first, and the ones that finish early (their count reached) leave
 * their share to the rest. The server sees what a counted run gives it: `limit` requests at once.
 */
import type { Sender } from './wire';

interface Waiter {
  /** Requests sent per unit of weight: the lowest goes next. */
  share: number;
  /** Arrival order, for ties. */
  order: number;
  go: () => void;
}

export function createFairGate(sender: Sender, limit: number) {
  let onWire = 0;
  let arrivals = 0;
  const waiting: Waiter[] = [];

  function next() {
    while (onWire < limit && waiting.length > 0) {
      let best = 0;
      for (let index = 1; index < waiting.length; index += 1) {
        const [candidate, chosen] = [waiting[index] as Waiter, waiting[best] as Waiter];
        if (candidate.share < chosen.share || (candidate.share === chosen.share && candidate.order < chosen.order))
          best = index;
      }
      const [waiter] = waiting.splice(best, 1);
      onWire += 1;
      waiter?.go();
    }
  }

  /** A sender for one operation of `weight` (its run count); the engine sends one request at a time through it. */
  function senderFor(weight: number): Sender {
    let sent = 0;
    return {
      async send(request, timeoutMs) {
        await new Promise<void>((go) => {
          waiting.push({ share: sent / weight, order: (arrivals += 1), go });
          next();
        });
        sent += 1;
        try {
          return await sender.send(request, timeoutMs);
        } finally {
          onWire -= 1;
          next();
        }
      },
      close: () => {},
    };
  }

  return { senderFor };
}
