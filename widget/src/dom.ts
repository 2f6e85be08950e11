/**
 * The widget's whole rendering layer: elements built with `createElement`, text only ever added
 * as text nodes (never HTML), and listeners that cannot throw into the host page.
 */

type Child = Node | string | false | null | undefined;
type Attrs = Record<string, string | number | boolean | undefined>;

/** An element with attributes (`true` = present, `false`/`undefined` = absent) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs?: Attrs | null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const name in attrs) {
    const value = attrs[name];
    if (value !== false && value !== undefined) el.setAttribute(name, value === true ? '' : String(value));
  }
  // `append` turns strings into text nodes: server data is never parsed as HTML.
  for (const child of children) if (child) el.append(child);
  return el;
}

/** Logs one namespaced warning; the widget's only console output. */
export function warn(reason: unknown) {
  console.warn(`Tellbox: ${reason}`);
}

/** addEventListener, with the listener's errors kept away from the host page. */
export function on<E extends Event>(target: EventTarget, type: string, listener: (event: E) => unknown) {
  target.addEventListener(type, (event) => {
    try {
      listener(event as E);
    } catch (error) {
      warn(error);
    }
  });
}
