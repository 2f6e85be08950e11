import { Input } from 'antd';
import { useId } from 'react';
import { FEEDBACK_DATE_ORDER_MESSAGE } from '../../../../../shared/schemas/feedback';
import { useDraft } from '../hooks/use-draft';
import { datesInOrder } from '../utils/search-query';

export interface FeedbackDateRangeProps {
  /** The first and last day (YYYY-MM-DD, the owner's own days), null when open-ended. */
  from: string | null;
  to: string | null;
  onChange: (change: { from?: string | null; to?: string | null }) => void;
}

/** One end of the range: the browser's own date field (a calendar on a phone), as YYYY-MM-DD. */
function DayField({
  label,
  value,
  min,
  max,
  invalid,
  describedBy,
  onChange,
}: {
  label: string;
  value: string | null;
  min?: string;
  max?: string;
  invalid?: boolean;
  describedBy?: string;
  onChange: (day: string | null) => void;
}) {
  const id = useId();
  // Typing a year fires a change per digit (0002, 0020, ...): the pause waits for the whole year.
  const { draft, setDraft } = useDraft(value ?? '', (day) => onChange(day || null));
  return (
    <div className="tb-feedback-day">
      <label htmlFor={id}>{label}</label>
      <Input
        id={id}
        type="date"
        className="tb-feedback-day-input"
        value={draft}
        min={min}
        max={max}
        status={invalid ? 'error' : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => setDraft(event.target.value)}
      />
    </div>
  );
}

/**
 * The inbox's date range: From and To, each day counted whole in the owner's time zone. Either
 * may stay empty. A range that ends before it starts says so and filters nothing.
 */
export function FeedbackDateRange({ from, to, onChange }: FeedbackDateRangeProps) {
  const errorId = useId();
  const inOrder = datesInOrder({ from, to });
  return (
    <div className="tb-feedback-dates" role="group" aria-label="Date received">
      <DayField label="From" value={from} max={to ?? undefined} onChange={(day) => onChange({ from: day })} />
      <DayField
        label="To"
        value={to}
        min={from ?? undefined}
        invalid={!inOrder}
        describedBy={inOrder ? undefined : errorId}
        onChange={(day) => onChange({ to: day })}
      />
      {!inOrder && (
        <p id={errorId} className="tb-feedback-dates-error" role="alert">
          {FEEDBACK_DATE_ORDER_MESSAGE}
        </p>
      )}
    </div>
  );
}
