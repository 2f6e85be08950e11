import Bowser from 'bowser';

export type DeviceKind = 'Desktop' | 'Mobile' | 'Tablet' | 'TV';

/** What an owner wants to know of a visitor's browser, each part null when the string does not say. */
export interface UserAgentSummary {
  /** "Chrome 131": the name and the major version only. */
  browser: string | null;
  /** "macOS", "iOS 17", "Windows 10", "Android 14". */
  os: string | null;
  device: DeviceKind | null;
}

const DEVICES: Record<string, DeviceKind> = { desktop: 'Desktop', mobile: 'Mobile', tablet: 'Tablet', tv: 'TV' };

/** Bowser's long names, as people say them. */
const SHORT_NAMES: Record<string, string> = {
  'Microsoft Edge': 'Edge',
  'Samsung Internet for Android': 'Samsung Internet',
  'Internet Explorer': 'IE',
};

/** Bowser's name for a string it could not place: every browser starts with "Mozilla/5.0". */
const NOT_A_BROWSER = new Set(['', 'Mozilla']);

function browserName(name: string | undefined, version: string | undefined): string | null {
  if (!name || NOT_A_BROWSER.has(name)) return null;
  const major = version?.split('.')[0];
  const short = SHORT_NAMES[name] ?? name;
  return major ? `${short} ${major}` : short;
}

function osName(name: string | undefined, version: string | undefined, versionName: string | undefined) {
  if (!name) return null;
  // Windows reports "NT 10.0"; its marketing name ("10", "7") is what people know. macOS's
  // version is frozen at 10.15.7 by the browsers, so its number says nothing.
  if (name === 'Windows') return versionName ? `Windows ${versionName}` : name;
  const major = version?.split('.')[0];
  return name === 'macOS' || !major ? name : `${name} ${major}`;
}

/** Parses a user agent as sent by a visitor's browser; null when there is none to parse. */
export function summarizeUserAgent(userAgent: string | null | undefined): UserAgentSummary | null {
  if (!userAgent?.trim()) return null;
  const parsed = Bowser.parse(userAgent);
  return {
    browser: browserName(parsed.browser.name, parsed.browser.version),
    os: osName(parsed.os.name, parsed.os.version, parsed.os.versionName),
    device: DEVICES[parsed.platform.type ?? ''] ?? null,
  };
}

/** "Chrome 131 · macOS · Desktop", or "Unknown browser" when nothing in it is recognised. */
export function userAgentLabel(summary: UserAgentSummary | null): string {
  const parts = summary ? [summary.browser, summary.os, summary.device].filter((part) => part !== null) : [];
  return parts.length > 0 ? parts.join(' · ') : 'Unknown browser';
}
