import { Select } from 'antd';
import { useId } from 'react';
import type { Assignees } from '../hooks/use-assignees';
import { useSessionStore } from '../../../stores/session-store';

/** The Select's value for "nobody": antd keeps no option for null. */
const NOBODY = '';

/** An entry's assignee, labelled, to change it where the details show it: a member, or nobody. */
export function AssigneeSelect({
  value,
  assignees,
  busy,
  onChange,
}: {
  value: string | null;
  assignees: Assignees;
  busy: boolean;
  onChange: (assigneeId: string | null) => void;
}) {
  const id = useId();
  const selfId = useSessionStore((state) => state.user?.id ?? null);
  // Yourself first: taking an entry is the most common assignment.
  const people = [...assignees.options].sort((a, b) => Number(b.accountId === selfId) - Number(a.accountId === selfId));
  const options = [
    { value: NOBODY, label: 'Unassigned' },
    ...people.map((member) => ({
      value: member.accountId,
      label: member.accountId === selfId ? `${member.name} (you)` : member.name,
    })),
  ];
  // An assignee the list does not hold (it changed since): named as far as known, never as an id.
  if (value && !options.some((option) => option.value === value)) {
    options.push({ value, label: assignees.nameOf(value) ?? 'Someone else' });
  }
  return (
    <div className="tb-feedback-assignee-field">
      <label htmlFor={id}>Assignee</label>
      <Select<string>
        id={id}
        className="tb-feedback-assignee-select"
        value={assignees.loading ? undefined : (value ?? NOBODY)}
        placeholder="Loading..."
        options={options}
        loading={busy || assignees.loading}
        popupMatchSelectWidth={false}
        onChange={(next) => onChange(next === NOBODY ? null : next)}
      />
    </div>
  );
}
