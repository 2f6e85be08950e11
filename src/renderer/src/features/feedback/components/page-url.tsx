import { isSafeLink } from '../../../../../shared/links';

/**
 * The page a feedback came from, as text. It is a link only for http(s) URLs (anything else, such
 * as `javascript:`, stays text), opening in a new tab without handing the page a `window.opener`.
 */
export function PageUrl({ url, className }: { url: string; className?: string }) {
  if (!isSafeLink(url)) return <span className={className}>{url}</span>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={className}>
      {url}
    </a>
  );
}
