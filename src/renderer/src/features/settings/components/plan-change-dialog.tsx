import { Alert, Button, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import type { PlanChangePreview } from '../../../../../shared/api';
import { formatMoney } from '../../../../../shared/money';
import { planPrice, type Plan, type PlanTable } from '../../../../../shared/plans';
import { ApiError } from '../../../lib/api-client';
import { useLocale } from '../../../lib/use-locale';
import { usePlans } from '../../../lib/use-plans';
import { formatLongDate } from '../../../utils/format-date';
import { usePlanChangePreview } from '../api/preview-plan-change';
import type { PlanButton } from '../plan-button';
import { PlanChangeBreakdown } from './plan-change-breakdown';
import './plan-change-dialog.css';

export interface PlanChangeDialogProps {
  /** The plan the button is for. */
  plan: Plan;
  /** The plan the workspace is on now. */
  current: Plan;
  button: PlanButton;
  /** Makes the change; rejects with the server's error, which the dialog shows. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

const dateOf = (iso: string | null) => (iso ? formatLongDate(new Date(iso)) : 'the end of the current billing period');

/** The server's own words when it has some (a 409, Stripe unavailable), else the call's fallback. */
const messageOf = (error: unknown) =>
  error instanceof ApiError ? (error.serverMessage ?? error.message) : 'Something went wrong. Please try again.';

/** What happens, in a sentence, above the numbers. */
function summary(preview: PlanChangePreview, plan: Plan, current: Plan, button: PlanButton, locale: string): string {
  if (preview.plan === 'free') {
    return `Your ${current.name} plan stays usable until ${dateOf(preview.effectiveAt)}. After that your workspace is on the Free plan and its limits apply. Nothing more is charged.`;
  }
  if (button.action === 'reactivate') {
    const due = formatMoney(preview.amountDue, preview.currency, locale);
    return `${plan.name} renews on ${dateOf(preview.chargedAt)} for ${due}, and every month after. Nothing is charged today.`;
  }
  const credit = current.id !== plan.id ? `, less the unused time on ${current.name}` : '';
  return `${plan.name} and its limits start as soon as you confirm. Nothing is charged today: the rest of this period is prorated${credit}, and added to your next invoice.`;
}

function PreviewBody(
  props: { preview: PlanChangePreview; plans: PlanTable } & Omit<PlanChangeDialogProps, 'onConfirm' | 'onClose'>,
) {
  const { preview, plan, current, button, plans } = props;
  const locale = useLocale();
  const paid = preview.plan !== 'free';
  return (
    <>
      <div className="tb-plan-change-price">
        <span className="tb-plan-change-plan">{plan.name}</span>
        <span>
          <strong>{planPrice(plan, locale)}</strong>
          <span className="tb-muted">/month</span>
        </span>
      </div>
      <p>{summary(preview, plan, current, button, locale)}</p>
      {paid ? (
        <PlanChangeBreakdown
          preview={preview}
          plans={plans}
          locale={locale}
          totalLabel={`Due on ${dateOf(preview.chargedAt)}`}
        />
      ) : null}
      {preview.testMode ? (
        <p className="tb-plan-change-note" role="note">
          Test mode — no card is charged. These are the amounts a payment provider would bill.
        </p>
      ) : null}
    </>
  );
}

/**
 * The one confirmation of every plan change from Available Plans (upgrade, downgrade, switch,
 * reactivate): the new price, when it is charged and what is prorated, as the server previews it.
 * Only Confirm changes the plan; Cancel, Escape and the close button leave it as it was.
 */
export function PlanChangeDialog({ plan, current, button, onConfirm, onClose }: PlanChangeDialogProps) {
  const plans = usePlans();
  const preview = usePlanChangePreview(plan.id);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    setSaving(true);
    setFailure(null);
    try {
      await onConfirm();
      onClose();
    } catch (error) {
      setFailure(messageOf(error));
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={`${button.label}?`}
      onCancel={saving ? undefined : onClose}
      destroyOnHidden
      mask={{ closable: !saving }}
      className="tb-plan-change"
      footer={
        <div className="tb-dialog-actions">
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button
            type="primary"
            danger={plan.id === 'free'}
            disabled={!preview.data}
            loading={saving}
            onClick={() => void confirm()}
          >
            Confirm
          </Button>
        </div>
      }
    >
      <div aria-live="polite" aria-busy={preview.isPending}>
        {preview.data ? (
          <PreviewBody preview={preview.data} plans={plans} plan={plan} current={current} button={button} />
        ) : preview.isError ? (
          <Alert
            type="error"
            showIcon
            title="We could not work out the price of this change"
            description={messageOf(preview.error)}
            action={
              <Button size="small" onClick={() => void preview.refetch()}>
                Try again
              </Button>
            }
          />
        ) : (
          <Skeleton active paragraph={{ rows: 4 }} title={false} aria-label="Working out the price" />
        )}
        {failure ? <Alert className="tb-plan-change-failure" type="error" showIcon title={failure} /> : null}
      </div>
    </Modal>
  );
}
