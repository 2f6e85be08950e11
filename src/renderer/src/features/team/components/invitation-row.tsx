import { MailOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { Invitation } from '../../../../../shared/api';
import { ROLE_LABELS } from '../../../../../shared/roles';
import { StatusTag } from '../../../components/status-tag/status-tag';
import { useToast } from '../../../lib/use-toast';
import { timeUntil } from '../../../utils/time-until';
import { useWithdrawInvitation } from '../api/withdraw-invitation';

/** An invitation not yet answered: to whom, the role it gives, when its link expires, and Withdraw. */
export function InvitationRow({ invitation }: { invitation: Invitation }) {
  const toast = useToast();
  const withdraw = useWithdrawInvitation();
  const onWithdraw = () =>
    withdraw.mutate(invitation._id, {
      onSuccess: () => toast.success('Invitation withdrawn', `The link sent to ${invitation.email} no longer works.`),
      onError: () => toast.error('Failed to withdraw the invitation', 'Please try again.'),
    });
  return (
    <li className="tb-team-row tb-team-row-invited">
      <span className="tb-team-invited-icon" aria-hidden="true">
        <MailOutlined />
      </span>
      <span className="tb-team-who">
        <span className="tb-team-name">
          {invitation.email}
          <StatusTag tone="warning">Invited</StatusTag>
        </span>
        <span className="tb-team-email">
          <time dateTime={invitation.expiresAt}>Link expires {timeUntil(invitation.expiresAt)}</time>
        </span>
      </span>
      <span className="tb-team-role-cell">
        <span className="tb-team-role-text">{ROLE_LABELS[invitation.role]}</span>
      </span>
      <span className="tb-team-actions">
        <Button
          size="small"
          type="text"
          onClick={onWithdraw}
          loading={withdraw.isPending}
          aria-label={`Withdraw the invitation to ${invitation.email}`}
        >
          Withdraw
        </Button>
      </span>
    </li>
  );
}
