import { describe, expect, it } from 'vitest';
import { APP_ENTRY_URL, APP_ORIGIN, appRouteUrl, isAppOrigin, originOf } from './app-origin';

describe('originOf', () => {
  it('computes the app origin that Node’s URL reports as "null"', () => {
    expect(new URL('app://tellbox/').origin).toBe('null');
    expect(originOf('app://tellbox/')).toBe('app://tellbox');
    expect(originOf('app://tellbox')).toBe('app://tellbox');
    expect(originOf('app://TellBox/feedback?widget=w_1#x')).toBe('app://tellbox');
  });

  it('answers http(s) origins as the URL parser does', () => {
    expect(originOf('https://Tellbox.Example.com:443/a')).toBe('https://tellbox.example.com');
    expect(originOf('http://localhost:3000/x')).toBe('http://localhost:3000');
  });

  it.each([
    'file:///etc/passwd',
    'data:text/html,hi',
    'javascript:alert(1)',
    'blob:app://tellbox/1',
    'tellbox://app/',
    'app:tellbox',
    'app://user@tellbox/',
    'app://tellbox:80/',
    'not a url',
    '',
  ])('has no origin for %s', (url) => {
    expect(originOf(url)).toBeNull();
  });
});

describe('isAppOrigin', () => {
  it('compares parsed origins, not prefixes', () => {
    expect(isAppOrigin(APP_ENTRY_URL)).toBe(true);
    expect(isAppOrigin('app://tellbox/settings')).toBe(true);
    expect(isAppOrigin('app://tellbox.evil.tld/')).toBe(false);
    expect(isAppOrigin('app://tellboxx/')).toBe(false);
    expect(isAppOrigin('app://evil/app://tellbox/')).toBe(false);
    expect(isAppOrigin('custom://tellbox/')).toBe(false);
  });
});

describe('appRouteUrl', () => {
  it('builds a URL on the app origin for a route', () => {
    expect(appRouteUrl('/setup-server')).toBe(`${APP_ORIGIN}/setup-server`);
    expect(appRouteUrl('/feedback?widget=w_1')).toBe('app://tellbox/feedback?widget=w_1');
  });

  it.each(['setup-server', '//evil.example/x', 'https://evil.example/', ''])('refuses %s', (route) => {
    expect(() => appRouteUrl(route)).toThrow(TypeError);
  });
});
