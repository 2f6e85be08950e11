import { UserOutlined } from '@ant-design/icons';
import { Avatar } from '../../../components/avatar/avatar';
import type { AssigneeNames } from '../hooks/use-assignees';
import './assignee-chip.css';

/**
 * Whom an entry is assigned to, small, beside its status: their initials and name ("You" for the
 * signed-in member). Nothing for an entry nobody has. A name the role may not read (a viewer's)
 * shows as "Assigned", with a person's outline, which is all it can know.
 */
export function AssigneeChip({ assigneeId, assignees }: { assigneeId: string | null; assignees: AssigneeNames }) {
  if (!assigneeId) return null;
  const name = assignees.nameOf(assigneeId);
  const label = assigneeId === assignees.selfId ? 'You' : name;
  return (
    <span className="tb-assignee" title={label ? `Assigned to ${label === 'You' ? 'you' : label}` : 'Assigned'}>
      {name ? <Avatar name={name} size="small" /> : <UserOutlined className="tb-assignee-unknown" aria-hidden />}
      {label ? (
        <>
          <span className="tb-visually-hidden">Assigned to </span>
          <span className="tb-assignee-name">{label}</span>
        </>
      ) : (
        <span className="tb-assignee-name">Assigned</span>
      )}
    </span>
  );
}
