import { isSafeLink } from '../../../shared/links';
import { pageUrlParts } from '../utils/page-url-parts';

/**
 * The page a feedback came from, as "/checkout · shop.example.com" with the whole URL as the
 * tooltip (or, with `full`, the whole URL). It is a link only for http(s) URLs (anything else, such as `javascript:`, stays text as
 * it came), opening in a new tab without handing the page a `window.opener`. Text only: a
 * visitor's browser sent it.
 */
export function PageUrl({
  url,
  className,
  full = false,
}: {
  url: string;
  className?: string;
  /** The whole URL as the link's text, wrapped: where there is room for all of it (the details). */
  full?: boolean;
}) {
  const parts = pageUrlParts(url);
  const classes = ['tb-page-url', className].filter(Boolean).join(' ');
  if (!parts || !isSafeLink(url)) {
    return (
      <span className={`${classes} tb-page-url-raw`} title={url}>
        {url}
      </span>
    );
  }
  if (full) {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" className={`${classes} tb-page-url-full`}>
        {url}
      </a>
    );
  }
  return (
    <a href={url} title={url} target="_blank" rel="noopener noreferrer" className={classes}>
      <span className="tb-page-url-path">{parts.path}</span> <span className="tb-page-url-sep">·</span>{' '}
      <span className="tb-page-url-host">{parts.host}</span>
    </a>
  );
}
