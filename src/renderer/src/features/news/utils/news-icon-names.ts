import type { NewsIcon } from '../../../../../shared/schemas/news';

/** What each icon is called, so a screen reader names the choice instead of reading raw emoji. */
export const NEWS_ICON_NAMES: Record<NewsIcon, string> = {
  '🚀': 'Rocket',
  '✨': 'Sparkles',
  '🔥': 'Fire',
  '📢': 'Megaphone',
  '🎉': 'Party popper',
  '🛠️': 'Tools',
  '📊': 'Bar chart',
  '📝': 'Memo',
  '🔔': 'Bell',
  '💡': 'Light bulb',
  '⚠️': 'Warning',
  '🐛': 'Bug',
};
