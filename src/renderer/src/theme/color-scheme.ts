/**
 * The console's colour scheme: the owner's choice (system, light or dark, kept with the other
 * small choices in storage) resolved against the system's preference, and the scheme actually
 * applied to the page. Only the console switches: the public pages stay light, so the scheme is
 * applied (as `data-theme` on <html>, which the design tokens' CSS follows) while the console's
 * layout is mounted and removed when it goes.
 */
import { useLayoutEffect, useSyncExternalStore } from 'react';
import type { ColorScheme } from '../../../shared/design-tokens';
import { getStorage } from '../lib/storage';

export type ColorSchemeChoice = 'system' | ColorScheme;
export const COLOR_SCHEME_CHOICES: readonly ColorSchemeChoice[] = ['system', 'light', 'dark'];

const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void) {
  listeners.add(listener);
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', listener);
  return () => {
    listeners.delete(listener);
    query.removeEventListener('change', listener);
  };
}

function isChoice(value: string | null): value is ColorSchemeChoice {
  return COLOR_SCHEME_CHOICES.includes(value as ColorSchemeChoice);
}

export function readColorSchemeChoice(): ColorSchemeChoice {
  const stored = getStorage().get('colorScheme');
  return isChoice(stored) ? stored : 'system';
}

export function setColorSchemeChoice(choice: ColorSchemeChoice): void {
  if (choice === 'system') getStorage().remove('colorScheme');
  else getStorage().set('colorScheme', choice);
  notify();
}

function resolvedScheme(): ColorScheme {
  const choice = readColorSchemeChoice();
  if (choice !== 'system') return choice;
  return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

/** The owner's choice, live. */
export function useColorSchemeChoice(): ColorSchemeChoice {
  return useSyncExternalStore<ColorSchemeChoice>(subscribe, readColorSchemeChoice, () => 'system');
}

/** The scheme on the page now: dark only while the console applies it. */
export function appliedColorScheme(): ColorScheme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

/** The applied scheme, live (antd's frame and the toasts follow it). */
export function useAppliedColorScheme(): ColorScheme {
  return useSyncExternalStore<ColorScheme>(subscribe, appliedColorScheme, () => 'light');
}

function apply(scheme: ColorScheme | undefined) {
  const root = document.documentElement;
  if (scheme === 'dark') root.dataset.theme = 'dark';
  else delete root.dataset.theme;
  notify();
}

/**
 * Applies the owner's scheme at once, before the console's layout has loaded: a dark console
 * then never shows a light page while its chunks arrive. The layout takes over when it mounts.
 */
export function applyConsoleSchemeEarly(): void {
  apply(resolvedScheme());
}

/**
 * Applies the owner's scheme while the calling component (the console's layout) is mounted,
 * before the browser paints, and follows changes of the choice and of the system's preference.
 */
export function useConsoleColorScheme(): void {
  const scheme = useSyncExternalStore<ColorScheme>(subscribe, resolvedScheme, () => 'light');
  useLayoutEffect(() => {
    apply(scheme);
  }, [scheme]);
  useLayoutEffect(() => () => apply(undefined), []);
}
