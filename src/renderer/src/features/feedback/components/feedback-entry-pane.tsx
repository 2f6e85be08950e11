import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import type { FeedbackItem } from '../../../../../shared/api';
import type { FeedbackStatus } from '../../../../../shared/feedback-status';
import { LoadError } from '../../../components/load-error';
import { RelativeTime } from '../../../components/relative-time';
import { ApiError } from '../../../lib/api-client';
import type { EntryWalk } from '../hooks/use-entry-walk';
import { authorLabel, widgetLabel } from '../utils/author-label';
import { FeedbackEntryFacts } from './feedback-entry-facts';
import { FeedbackEntryNav } from './feedback-entry-nav';
import { FeedbackEntryTriage, type EntryTriageProps } from './feedback-entry-triage';
import { FeedbackThread } from './feedback-thread';
import { NoEntrySelected } from './no-entry-selected';
import './feedback-entry-pane.css';

/** What a link to an entry that is not (or no longer) the workspace's says. */
export const ENTRY_NOT_FOUND = 'This feedback was not found. It may have been deleted, or belong to another workspace.';
export const LOAD_ENTRY_FAILED = 'Failed to load this feedback. Please try again.';

export interface FeedbackEntryPaneProps extends EntryTriageProps {
  /** The entry the URL opens, if any. */
  openId: string | null;
  /** That entry, once known. */
  item: FeedbackItem | null;
  /** Why it is not known, if the server refused it. */
  error: Error | null;
  onRetry: () => void;
  walk: EntryWalk;
  /** The list is beside the entry (from 1 024 px); otherwise the entry has the screen, with Back. */
  split: boolean;
  onBack: () => void;
  /** After a choice in a select, in the split view: the focus goes back to the list, where j and k work. */
  onChosen: () => void;
}

/**
 * The open entry (docs/product.md §2) beside the list, or in its place on a narrow screen: the
 * walk through the list, who sent it and when, its status and assignee, the whole message with its
 * line breaks, what came with it, then the replies and the private notes. With nothing open, in
 * the split view, a calm "Select feedback to read it".
 */
export function FeedbackEntryPane({
  openId,
  item,
  error,
  onRetry,
  walk,
  split,
  onBack,
  onChosen,
  onStatusChange,
  onAssigneeChange,
  ...triage
}: FeedbackEntryPaneProps) {
  const pane = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useCallback(() => heading.current?.focus(), []);
  const shown = item !== null;

  // Full screen, the entry takes the focus from the row that opened it (now out of sight); from a
  // control in the entry itself (Next), the focus stays where it is.
  useEffect(() => {
    if (split || !shown) return;
    if (!pane.current?.contains(document.activeElement)) focusHeading();
  }, [split, shown, openId, focusHeading]);

  if (openId === null) return split ? <NoEntrySelected /> : null;

  // A select would take j, k, e and s as letters (antd opens its list at one): after a choice the
  // focus goes where the keys go on.
  const chosen = () => (split ? onChosen() : focusHeading());
  const chooseStatus =
    onStatusChange &&
    ((status: FeedbackStatus) => {
      onStatusChange(status);
      chosen();
    });
  const chooseAssignee =
    onAssigneeChange &&
    ((assigneeId: string | null) => {
      onAssigneeChange(assigneeId);
      chosen();
    });
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);

  return (
    <section ref={pane} className="tb-entry" aria-label="Feedback details">
      <div className="tb-entry-bar">
        {!split && (
          <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={onBack} className="tb-entry-back">
            Back
          </Button>
        )}
        <FeedbackEntryNav walk={walk} fallbackFocus={focusHeading} />
      </div>
      {item ? (
        <>
          <header className="tb-entry-head">
            <h2 ref={heading} tabIndex={-1} className="tb-entry-title">
              {authorLabel(item)}
            </h2>
            <p className="tb-entry-sub">
              <RelativeTime iso={item.createdAt} /> <span aria-hidden>·</span> {widgetLabel(item)}
            </p>
          </header>
          <FeedbackEntryTriage
            item={item}
            onStatusChange={chooseStatus}
            onAssigneeChange={chooseAssignee}
            {...triage}
          />
          <p className="tb-details-message tb-entry-message">{item.message}</p>
          <FeedbackEntryFacts item={item} />
          <FeedbackThread key={item._id} item={item} />
        </>
      ) : error && notFound ? (
        <p className="tb-entry-missing">{ENTRY_NOT_FOUND}</p>
      ) : error ? (
        <LoadError message={LOAD_ENTRY_FAILED} onRetry={onRetry} />
      ) : (
        <p role="status" className="tb-muted">
          Loading feedback...
        </p>
      )}
    </section>
  );
}
