import { Select } from 'antd';
import { useId } from 'react';
import { FEEDBACK_STATUSES, FEEDBACK_STATUS_LABELS, type FeedbackStatus } from '../../../../../shared/feedback-status';

const OPTIONS = FEEDBACK_STATUSES.map((status) => ({ value: status, label: FEEDBACK_STATUS_LABELS[status] }));

/** A feedback's status, labelled, to change it: where the details show it. */
export function FeedbackStatusSelect({
  value,
  busy,
  onChange,
}: {
  value: FeedbackStatus;
  busy: boolean;
  onChange: (status: FeedbackStatus) => void;
}) {
  const id = useId();
  return (
    <div className="tb-feedback-status-field">
      <label htmlFor={id}>Status</label>
      <Select<FeedbackStatus>
        id={id}
        className="tb-feedback-status-select"
        value={value}
        options={OPTIONS}
        loading={busy}
        popupMatchSelectWidth={false}
        onChange={onChange}
      />
    </div>
  );
}
