import { Button } from 'antd';
import { FEEDBACK_STATUSES, FEEDBACK_STATUS_LABELS, type FeedbackStatus } from '../../../../../shared/feedback-status';
import type { FeedbackStatusTab } from '../../../hooks/use-feedback-status-param';
import './feedback-bulk-bar.css';

export interface FeedbackBulkBarProps {
  count: number;
  /** The tab the selection was made in: its own status is no change, so it has no button. */
  tab: FeedbackStatusTab;
  busy: boolean;
  onMark: (status: FeedbackStatus) => void;
  onClear: () => void;
}

/**
 * What to do with the selected feedback, while there is a selection: mark it with another status,
 * or let go of it. Sticks to the bottom of the window as the list scrolls, so the buttons stay in
 * reach of the rows being ticked (and of a thumb on a phone).
 */
export function FeedbackBulkBar({ count, tab, busy, onMark, onClear }: FeedbackBulkBarProps) {
  if (count === 0) return null;
  const statuses = FEEDBACK_STATUSES.filter((status) => status !== tab);
  return (
    <div className="tb-bulk-bar" role="toolbar" aria-label="Selected feedback">
      <span className="tb-bulk-bar-count" aria-live="polite">
        {count} selected
      </span>
      <div className="tb-bulk-bar-actions">
        {statuses.map((status) => (
          <Button key={status} onClick={() => onMark(status)} disabled={busy}>
            Mark {FEEDBACK_STATUS_LABELS[status].toLowerCase()}
          </Button>
        ))}
      </div>
      <Button type="text" className="tb-bulk-bar-clear" onClick={onClear}>
        Clear selection
      </Button>
    </div>
  );
}
