/** Sample data of the live demo: it never talks to the server. */
export const SAMPLE_FEEDBACK = [
  { id: 1, page: '/pricing', message: 'Would love a yearly plan option!' },
  { id: 2, page: '/docs/install', message: 'The setup guide was super clear, thanks.' },
];

export const SAMPLE_NEWS = [
  { id: 1, icon: '🚀', title: 'Dark mode is here', content: 'Switch themes from the settings menu.' },
  { id: 2, icon: '🎉', title: 'Free shipping weekend', content: 'All orders ship free until Sunday.' },
];
