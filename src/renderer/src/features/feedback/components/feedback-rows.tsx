import { Checkbox, Spin } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { FeedbackItem } from '../../../../../shared/api';
import { RelativeTime } from '../../../components/relative-time';
import { pageUrlParts } from '../../../utils/page-url-parts';
import { MESSAGE_PREVIEW_LENGTH, truncate } from '../../../utils/truncate';
import type { AssigneeNames } from '../hooks/use-assignees';
import { authorLabel, widgetLabel } from '../utils/author-label';
import { feedbackName } from '../utils/feedback-name';
import { AssigneeChip } from './assignee-chip';
import { FeedbackStatusTag } from './feedback-status-tag';
import './feedback-rows.css';

/** Selection and keyboard focus, where the list is triaged (the inbox). */
export interface FeedbackTriage {
  selectedIds: readonly string[];
  /** Absent for a role that may not triage: no checkboxes, the keyboard still walks the list. */
  onSelectedChange?: (ids: string[]) => void;
  /** The entry keyboard triage acts on, if any. */
  focusedId: string | null;
  /** A click in a row, or the focus moving into it: triage goes on from there. */
  onFocusAt: (index: number) => void;
}

export interface FeedbackRowsProps {
  items: FeedbackItem[];
  /** A new page of rows is on its way: the rows on screen are dimmed under a spinner. */
  loading: boolean;
  /** What shows instead of an empty list. */
  empty: ReactNode;
  /** False while a widget filter is set: every row would name the same widget (docs/product.md §2). */
  showWidget: boolean;
  /** The names behind `assigneeId`; without them, the rows show no assignee. */
  assignees?: AssigneeNames;
  /** The entry open beside the list (or instead of it), if any. */
  openId: string | null;
  /** Each row's link: the entry's own URL, the list's filters kept. */
  hrefOf: (id: string) => string;
  triage: FeedbackTriage;
}

/** Where the page came from, short: its path (the host is in the entry), or the text as it came. */
const pagePath = (url: string) => pageUrlParts(url)?.path ?? url;

/**
 * The inbox as a list to triage (docs/product.md §2): per entry its status, the start of its
 * message, its page's path, its age, who sent it and whom it is assigned to. The whole row is one
 * link to the entry, so it opens with a click, Enter, or in a new tab; the checkbox that selects it
 * sits beside the link, never in it. One row at a time is in the Tab order (the focused one, else
 * the open one, else the first): j and k move between them.
 */
export function FeedbackRows({
  items,
  loading,
  empty,
  showWidget,
  assignees,
  openId,
  hrefOf,
  triage,
}: FeedbackRowsProps) {
  if (items.length === 0) return <div className="tb-inbox-rows-empty">{empty}</div>;
  const select = triage.onSelectedChange;
  const tabbable = triage.focusedId ?? (items.some((item) => item._id === openId) ? openId : items[0]?._id);
  const allSelected = items.every((item) => triage.selectedIds.includes(item._id));
  const someSelected = items.some((item) => triage.selectedIds.includes(item._id));
  return (
    <Spin spinning={loading} wrapperClassName="tb-inbox-rows-box">
      {select && (
        <div className="tb-inbox-rows-head">
          <Checkbox
            checked={allSelected}
            indeterminate={someSelected && !allSelected}
            onChange={(event) => select(event.target.checked ? items.map((item) => item._id) : [])}
          >
            Select all
          </Checkbox>
        </div>
      )}
      <ul className="tb-inbox-rows" aria-label="Feedback" aria-busy={loading || undefined}>
        {items.map((item, index) => {
          const open = item._id === openId;
          const focused = item._id === triage.focusedId;
          const selected = triage.selectedIds.includes(item._id);
          const others = triage.selectedIds.filter((id) => id !== item._id);
          const tabIndex = item._id === tabbable ? 0 : -1;
          const classes = [
            'tb-inbox-row',
            item.status === 'new' && 'is-new',
            open && 'is-open',
            focused && 'is-focused',
            selected && 'is-selected',
          ];
          return (
            <li key={item._id} className={classes.filter(Boolean).join(' ')}>
              {select && (
                <Checkbox
                  className="tb-inbox-row-check"
                  checked={selected}
                  tabIndex={tabIndex}
                  aria-label={`Select ${feedbackName(item)}`}
                  onChange={(event) => select(event.target.checked ? [...others, item._id] : others)}
                />
              )}
              <Link
                to={hrefOf(item._id)}
                className="tb-inbox-row-link"
                data-row-key={item._id}
                tabIndex={tabIndex}
                // The open entry is the row's "page"; the one j and k left the focus on, the current.
                aria-current={open ? 'page' : focused ? 'true' : undefined}
                onClick={() => triage.onFocusAt(index)}
                onFocus={() => {
                  if (!focused) triage.onFocusAt(index);
                }}
              >
                {/* The spaces between the parts are for the link's name: a screen reader reads it as one line. */}
                <span className="tb-inbox-row-line">
                  <FeedbackStatusTag status={item.status} />{' '}
                  <span className="tb-inbox-row-text tb-feedback-message-text">
                    {truncate(item.message, MESSAGE_PREVIEW_LENGTH)}
                  </span>{' '}
                  <RelativeTime iso={item.createdAt} className="tb-inbox-row-age" />
                </span>{' '}
                <span className="tb-inbox-row-line tb-inbox-row-meta">
                  <span className="tb-inbox-row-path">{pagePath(item.pageUrl)}</span>{' '}
                  <span className="tb-inbox-row-from">{authorLabel(item)}</span>{' '}
                  {showWidget && <span className="tb-inbox-row-widget">{widgetLabel(item)}</span>}{' '}
                  {assignees && <AssigneeChip assigneeId={item.assigneeId} assignees={assignees} />}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </Spin>
  );
}
