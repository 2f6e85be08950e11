/**
 * The one or two letters an avatar shows for a name: the first letters of its first two words
 * ("Ada Lovelace" → "AL"), else the first letter; "?" for a blank name. Letters, not the first
 * code unit, so an accent or an emoji is never cut in half.
 */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('');
  return letters ? letters.toLocaleUpperCase() : '?';
}
