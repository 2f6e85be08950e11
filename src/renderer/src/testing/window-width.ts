/**
 * A window of a chosen width for component tests: jsdom has no layout, so its matchMedia (the
 * stand-in from setup.ts) matches nothing. This one answers `(min-width: …)` and
 * `(max-width: …)` queries, joined by `and`, against the width, and tells the listeners of each
 * query whose answer a resize changes, as a browser does.
 */
type Listener = (event: MediaQueryListEvent) => void;

function matchesWidth(query: string, width: number): boolean {
  const conditions = query.split(/\s+and\s+/);
  return conditions.every((condition) => {
    const found = /\((min|max)-width:\s*([\d.]+)px\)/.exec(condition);
    if (!found) return false;
    const limit = Number(found[2]);
    return found[1] === 'min' ? width >= limit : width <= limit;
  });
}

export interface WindowWidth {
  /** Changes the width; the queries whose answer changes tell their listeners. */
  resize: (width: number) => void;
  /** Puts back the matchMedia this replaced. */
  restore: () => void;
}

export function mockWindowWidth(initial: number): WindowWidth {
  let width = initial;
  const original = window.matchMedia;
  const queries: { media: string; listeners: Set<Listener>; matched: boolean }[] = [];

  window.matchMedia = (media: string) => {
    const entry = { media, listeners: new Set<Listener>(), matched: matchesWidth(media, width) };
    queries.push(entry);
    const list = {
      media,
      onchange: null,
      get matches() {
        return matchesWidth(media, width);
      },
      addEventListener: (_type: string, listener: Listener) => entry.listeners.add(listener),
      removeEventListener: (_type: string, listener: Listener) => entry.listeners.delete(listener),
      addListener: (listener: Listener) => entry.listeners.add(listener),
      removeListener: (listener: Listener) => entry.listeners.delete(listener),
      dispatchEvent: () => false,
    };
    return list as unknown as MediaQueryList;
  };

  return {
    resize(next) {
      width = next;
      for (const entry of queries) {
        const matches = matchesWidth(entry.media, width);
        if (matches === entry.matched) continue;
        entry.matched = matches;
        const event = { matches, media: entry.media } as MediaQueryListEvent;
        for (const listener of entry.listeners) listener(event);
      }
    },
    restore() {
      window.matchMedia = original;
    },
  };
}
