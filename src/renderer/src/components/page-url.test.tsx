// @vitest-environment jsdom
import '../testing/setup';
import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { PageUrl } from './page-url';

describe('PageUrl', () => {
  test('an http(s) URL shows as path and host, links to the whole URL in a new tab and has it as its tooltip', () => {
    const url = 'https://shop.example.com/checkout?step=2#pay';
    render(<PageUrl url={url} />);
    const link = screen.getByRole('link', { name: '/checkout?step=2 · shop.example.com' });
    expect(link).toHaveAttribute('href', url);
    expect(link).toHaveAttribute('title', url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('the home page is "/", a port stays with the host and escapes are decoded', () => {
    const { unmount } = render(<PageUrl url="http://localhost:5173" />);
    expect(screen.getByRole('link')).toHaveAccessibleName('/ · localhost:5173');
    unmount();
    render(<PageUrl url="https://example.com/caf%C3%A9/%E2%9C%93?q=a%20b" />);
    expect(screen.getByRole('link')).toHaveAccessibleName('/café/✓?q=a b · example.com');
  });

  test('full shows the whole URL as the link', () => {
    const url = 'https://www.example.com/checkout?step=2#pay';
    render(<PageUrl url={url} full />);
    expect(screen.getByRole('link', { name: url })).toHaveAttribute('href', url);
  });

  test.each(['javascript:alert(1)', 'not a url'])('%s stays text with full too', (url) => {
    render(<PageUrl url={url} full />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText(url)).toBeInTheDocument();
  });

  test('a leading www. is left out of the host shown, not out of the link', () => {
    render(<PageUrl url="https://www.example.com/pricing" />);
    const link = screen.getByRole('link', { name: '/pricing · example.com' });
    expect(link).toHaveAttribute('href', 'https://www.example.com/pricing');
  });

  test('a URL that does not decode shows its escapes rather than failing', () => {
    render(<PageUrl url="https://example.com/100%-off" />);
    expect(screen.getByRole('link')).toHaveAccessibleName('/100%-off · example.com');
  });

  test.each(['javascript:alert(1)', 'data:text/html,<b>x</b>', 'not a url', 'ftp://files.example.com/a'])(
    '%s is text as it came, never a link',
    (url) => {
      const { container } = render(<PageUrl url={url} />);
      expect(screen.queryByRole('link')).toBeNull();
      expect(screen.getByText(url)).toHaveAttribute('title', url);
      expect(container.querySelector('a, b')).toBeNull();
    },
  );
});
