// @vitest-environment jsdom
import '../testing/setup';
import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { UserAgentSummary } from './user-agent-summary';

const UAS = {
  macChrome:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  windowsFirefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  ipadSafari:
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
};

/** What a reader sees, separators and all, without the icons. */
function shown(userAgent: string | null): string {
  const { container, unmount } = render(<UserAgentSummary userAgent={userAgent} />);
  const text = (container.firstElementChild?.textContent ?? '').replace(/\s+/g, ' ').trim();
  unmount();
  return text;
}

describe('UserAgentSummary', () => {
  test.each([
    ['macChrome', 'Chrome 131·macOS·Desktop'],
    ['iphoneSafari', 'Safari 17·iOS 17·Mobile'],
    ['windowsFirefox', 'Firefox 133·Windows 10·Desktop'],
    ['androidChrome', 'Chrome 131·Android 14·Mobile'],
    ['ipadSafari', 'Safari 17·iOS 17·Tablet'],
    ['windowsEdge', 'Edge 131·Windows 10·Desktop'],
  ] as const)('%s reads as browser, system and device', (name, expected) => {
    expect(shown(UAS[name])).toBe(expected);
  });

  test('the raw string is the tooltip, and the icons are hidden from screen readers', () => {
    const { container } = render(<UserAgentSummary userAgent={UAS.macChrome} />);
    const summary = container.firstElementChild as HTMLElement;
    expect(summary).toHaveAttribute('title', UAS.macChrome);
    const icons = container.querySelectorAll('[role="img"]');
    expect(icons).toHaveLength(3);
    for (const icon of icons) expect(icon.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(container.querySelector('[aria-label="chrome"]')).not.toBeNull();
    expect(container.querySelector('[aria-label="apple"]')).not.toBeNull();
    expect(container.querySelector('[aria-label="desktop"]')).not.toBeNull();
  });

  test('a string nothing in it is recognised, or none at all, says Unknown browser', () => {
    expect(shown('Mozilla/5.0 (TestBrowser)')).toBe('Unknown browser');
    expect(shown('')).toBe('Unknown browser');
    expect(shown(null)).toBe('Unknown browser');
  });

  test('markup in a user agent stays text', () => {
    const { container } = render(<UserAgentSummary userAgent={'<img src=x onerror=alert(1)>'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('Unknown browser')).toHaveAttribute('title', '<img src=x onerror=alert(1)>');
  });
});
