import { useCallback, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { entryHref } from '../utils/entry-href';

/**
 * The entry the URL opens (`/feedback/:feedbackId`), and the ways to open another or none. The
 * filters in the query string stay as they are: the list beside the entry is the one it came from.
 */
export function useOpenEntry() {
  const { feedbackId } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const urlId = feedbackId ?? null;
  // The entry last asked for, until the URL moves on from where it was then: a key pressed again
  // before the router has caught up walks on from that entry, not from the one the URL still names.
  const [asked, setAsked] = useState<{ id: string | null; from: string | null } | null>(null);
  // Once the URL names it, the URL leads again (the browser's Back included).
  if (asked && asked.id === urlId) setAsked(null);
  const openId = asked && asked.from === urlId ? asked.id : urlId;

  /** `replace` while walking with j and k: Back in the browser leaves the entry, not each step. */
  const open = useCallback(
    (id: string, { replace = false }: { replace?: boolean } = {}) => {
      setAsked({ id, from: urlId });
      void navigate(entryHref(id, search), { replace });
    },
    [navigate, search, urlId],
  );
  // Closing follows the URL alone: the page around the list comes back in the same render as the
  // list, so the row the focus returns to is scrolled into view where it finally sits.
  const close = useCallback(() => {
    setAsked(null);
    void navigate({ pathname: paths.feedback, search });
  }, [navigate, search]);

  return { openId, open, close, hrefOf: (id: string) => entryHref(id, search) };
}
