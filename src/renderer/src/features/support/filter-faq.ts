import type { FaqItem } from './faq';

/** The items whose question or answer contains every word of `query`, ignoring case. */
export function filterFaq(items: FaqItem[], query: string): FaqItem[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return items;
  return items.filter((item) => {
    const text = `${item.question} ${item.answer}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
