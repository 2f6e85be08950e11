import { isSafeLink } from '../../../shared/links';
import { pageUrlParts } from '../utils/page-url-parts';

/**
 * The page a feedback came from, as "/checkout · shop.example.com" with the whole URL as the
 * tooltip. It is a link only for http(s) URLs (anything else, such as `javascript:`, stays text as
 * it came), opening in a new tab without handing the page a `window.opener`. Text only: a
 * visitor's browser sent it.
 */
export function PageUrl({ url, className }: { url: string; className?: string }) {
  const parts = pageUrlParts(url);
  const classes = ['tb-page-url', className].filter(Boolean).join(' ');
  if (!parts || !isSafeLink(url)) {
    return (
      <span className={`${classes} tb-page-url-raw`} title={url}>
        {url}
      </span>
    );
  }
  return (
    <a href={url} title={url} target="_blank" rel="noopener noreferrer" className={classes}>
      <span className="tb-page-url-path">{parts.path}</span> · <span className="tb-page-url-host">{parts.host}</span>
    </a>
  );
}
