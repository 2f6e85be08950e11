import { Segmented } from 'antd';
import type { AssigneeFilter as Filter } from '../../../hooks/use-feedback-search-params';
import { useCan } from '../../../lib/workspace/use-permission';

const ANYONE = 'anyone';
type Choice = Filter | typeof ANYONE;

/**
 * Whose feedback the inbox lists: anyone's, the signed-in member's ("Assigned to me") or nobody's
 * yet. A viewer is never assigned anything, so for them the choice is anyone's or unassigned.
 */
export function AssigneeFilter({
  value,
  onChange,
}: {
  value: Filter | null;
  onChange: (value: Filter | null) => void;
}) {
  const assignable = useCan('feedback.triage');
  const options: { value: Choice; label: string }[] = [
    { value: ANYONE, label: 'Anyone' },
    ...(assignable ? [{ value: 'me' as const, label: 'Assigned to me' }] : []),
    { value: 'none', label: 'Unassigned' },
  ];
  return (
    <Segmented<Choice>
      className="tb-feedback-assignee"
      aria-label="Assignee"
      options={options}
      value={value ?? ANYONE}
      onChange={(choice) => onChange(choice === ANYONE ? null : choice)}
    />
  );
}
