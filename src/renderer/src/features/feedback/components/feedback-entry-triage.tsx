import type { FeedbackItem } from '../../../../../shared/api';
import type { FeedbackStatus } from '../../../../../shared/feedback-status';
import { PermissionHint } from '../../../components/permission-hint';
import type { Assignees } from '../hooks/use-assignees';
import { AssigneeChip } from './assignee-chip';
import { AssigneeSelect } from './assignee-select';
import { FeedbackStatusSelect } from './feedback-status-select';
import { FeedbackStatusTag } from './feedback-status-tag';

export interface EntryTriageProps {
  /** Absent where the entry is read only (a role that may not triage). */
  onStatusChange?: (status: FeedbackStatus) => void;
  statusBusy?: boolean;
  /** The team, to name the assignee and to pick another. */
  assignees?: Assignees;
  /** Absent where the entry is read only. */
  onAssigneeChange?: (assigneeId: string | null) => void;
  assignBusy?: boolean;
}

/**
 * The open entry's status and assignee, to change on the spot; for a role that may not triage,
 * the two as tags, and why there is nothing to change them with.
 */
export function FeedbackEntryTriage({
  item,
  onStatusChange,
  statusBusy = false,
  assignees,
  onAssigneeChange,
  assignBusy = false,
}: EntryTriageProps & { item: FeedbackItem }) {
  if (!onStatusChange) {
    return (
      <>
        <p className="tb-details-triage tb-details-triage-read">
          <FeedbackStatusTag status={item.status} />
          {assignees && <AssigneeChip assigneeId={item.assigneeId} assignees={assignees} />}
        </p>
        <PermissionHint permission="feedback.triage" />
      </>
    );
  }
  return (
    <div className="tb-details-triage">
      <FeedbackStatusSelect value={item.status} busy={statusBusy} onChange={onStatusChange} />
      {assignees && onAssigneeChange && (
        <AssigneeSelect value={item.assigneeId} assignees={assignees} busy={assignBusy} onChange={onAssigneeChange} />
      )}
    </div>
  );
}
