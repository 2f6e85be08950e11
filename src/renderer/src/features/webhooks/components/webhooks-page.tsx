import { useEffect, useState } from 'react';
import type { WebhookEndpoint } from '../../../../../shared/api';
import { MAX_WEBHOOKS_PER_ACCOUNT } from '../../../../../shared/schemas/webhooks';
import { CreateButton } from '../../../components/create-button';
import { LoadError } from '../../../components/load-error';
import { PermissionHint } from '../../../components/permission-hint';
import { useWidgets } from '../../../lib/owner-data/use-widgets';
import { useToast } from '../../../lib/use-toast';
import { useCan } from '../../../lib/workspace/use-permission';
import { useWebhooks } from '../api/get-webhooks';
import { useWebhookActions } from '../hooks/use-webhook-actions';
import { useWebhookPlan } from '../hooks/use-webhook-plan';
import { newWebhookFormValues, toWebhookFormValues } from '../utils/webhook-form-values';
import { DeliveryLogDrawer } from './delivery-log-drawer';
import { WebhookFormDialog } from './webhook-form-dialog';
import { WebhookSecretDialog } from './webhook-secret-dialog';
import { WebhooksEmpty } from './webhooks-empty';
import { WebhooksList } from './webhooks-list';
import { WebhooksUpgradeCard } from './webhooks-upgrade-card';
import './webhooks-page.css';

const LOAD_FAILED = 'Failed to load webhooks. Please try again.';

type FormState = { mode: 'create' } | { mode: 'edit'; webhook: WebhookEndpoint } | null;

/**
 * /webhooks: the owner's endpoints (their own, Slack, Discord) for new feedback and published
 * posts, with their dialogs: add/edit, the secret shown once, and each endpoint's delivery log.
 * On a plan without webhooks, the upgrade takes Add Webhook's place. A role that may not change
 * webhooks reads the endpoints and their logs only.
 */
export function WebhooksPage() {
  const toast = useToast();
  const webhooks = useWebhooks();
  const widgets = useWidgets();
  const plan = useWebhookPlan();
  const actions = useWebhookActions(plan);
  const [form, setForm] = useState<FormState>(null);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);

  useEffect(() => {
    if (webhooks.isError) toast.error(LOAD_FAILED);
  }, [webhooks.isError, webhooks.errorUpdatedAt, toast]);

  const list = webhooks.data ?? [];
  const writes = useCan('webhooks.write');
  // Adding, testing and resending: the plan must send webhooks, and the role change them.
  const allowed = plan.info?.allowed === true && writes;
  const add = () => setForm({ mode: 'create' });

  return (
    <>
      <div className="tb-page-header">
        <h1>Webhooks</h1>
        {allowed && list.length > 0 && (
          <CreateButton
            label="Add Webhook"
            onClick={add}
            limitReached={list.length >= MAX_WEBHOOKS_PER_ACCOUNT}
            upgradePlan={null}
          />
        )}
      </div>
      <p className="tb-muted">
        Send new feedback and published news posts to your own endpoint, a Slack channel or a Discord channel, as they
        happen.
      </p>
      <PermissionHint permission="webhooks.write" />
      {plan.info && !plan.info.allowed && <WebhooksUpgradeCard info={plan.info} hasEndpoints={list.length > 0} />}
      {webhooks.isError ? (
        <LoadError message={LOAD_FAILED} onRetry={() => void webhooks.refetch()} />
      ) : list.length === 0 && !webhooks.isPending ? (
        allowed ? (
          <WebhooksEmpty onAdd={add} />
        ) : writes ? null : (
          <WebhooksEmpty />
        )
      ) : (
        <WebhooksList
          webhooks={list}
          loading={webhooks.isPending}
          widgets={widgets.data}
          canSend={allowed}
          onEdit={(webhook) => setForm({ mode: 'edit', webhook })}
          onTest={(webhook) => void actions.sendTest(webhook)}
          onLog={setLogOf}
          onRotate={actions.confirmRotate}
          onDelete={actions.confirmDelete}
        />
      )}
      {form && (
        <WebhookFormDialog
          key={form.mode === 'edit' ? form.webhook._id : 'new'}
          mode={form.mode}
          initialValues={form.mode === 'edit' ? toWebhookFormValues(form.webhook) : newWebhookFormValues()}
          disabledReason={form.mode === 'edit' && !form.webhook.active ? form.webhook.disabledReason : null}
          widgets={widgets.data}
          onSubmit={(values) =>
            form.mode === 'edit' ? actions.update(form.webhook._id, values) : actions.create(values)
          }
          onClose={() => setForm(null)}
        />
      )}
      <WebhookSecretDialog shown={actions.shownSecret} onClose={actions.closeSecret} />
      <DeliveryLogDrawer
        webhook={logOf}
        canSend={allowed}
        resending={actions.resending}
        onResend={(webhook, attempt) => void actions.resend(webhook, attempt)}
        onTest={(webhook) => void actions.sendTest(webhook)}
        onClose={() => setLogOf(null)}
      />
    </>
  );
}
