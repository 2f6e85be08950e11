/** docs/product.md §9: the feedback message preview in the /feedback table. */
export const MESSAGE_PREVIEW_LENGTH = 80;

/**
 * `text` cut to `max` characters plus an ellipsis when longer. Characters are code points, so an
 * emoji is never split in half into a broken glyph.
 */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max).join('')}…`;
}
