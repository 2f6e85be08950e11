/**
 * The plot's height in px (its width is its card's). Kept apart from the plot so the card can
 * reserve the space while the plot's lazily loaded chunk arrives, without importing the plot.
 */
export const PLOT_HEIGHT = 220;
