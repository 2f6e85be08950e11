import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { InboxArt } from '../../../components/empty-art/inbox-art';
import { NoMatchesArt } from '../../../components/empty-art/no-matches-art';
import { EmptyState } from '../../../components/empty-state';
import { paths } from '../../../config/paths';

/** What an inbox with nothing in it says (docs/product.md §2). */
export const EMPTY_INBOX_TEXT = 'No feedback received yet.';

/**
 * What the inbox shows in place of its rows: Loading... before the first page arrives (rather
 * than claim the inbox is empty), then the tab's or the search's empty text, with the way out of a
 * search that found nothing.
 */
export function FeedbackEmpty({ loading, text, action }: { loading: boolean; text: string; action?: ReactNode }) {
  if (loading) {
    return (
      <span role="status" className="tb-feedback-loading">
        Loading...
      </span>
    );
  }
  return action ? (
    <EmptyState illustration={<NoMatchesArt />} text={text} action={action} />
  ) : (
    <EmptyState illustration={<InboxArt />} text={text} action={text === EMPTY_INBOX_TEXT && <SnippetButton />} />
  );
}

/** Nothing has ever arrived: the way to the widgets, each with the snippet that brings feedback in. */
function SnippetButton() {
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => void navigate(paths.widgets)}>
      Get your snippet
    </Button>
  );
}
