import { Alert, Button, Modal } from 'antd';
import { useForm, useWatch } from 'react-hook-form';
import type { Widget } from '../../../../../shared/api';
import { webhookInputSchema, type WebhookData, type WebhookInput } from '../../../../../shared/schemas/webhooks';
import { showServerIssues } from '../../../components/form/show-server-issues';
import { TextField } from '../../../components/form/text-field';
import { WidgetScopeField } from '../../../components/form/widget-scope-field';
import type { SaveResult } from '../hooks/use-webhook-actions';
import { WEBHOOK_KIND_TEXT } from '../utils/webhook-labels';
import { ActiveField, EventsField, KindField } from './webhook-form-fields';
import { formResolver } from '../../../components/form/form-resolver';

/** The fields the server may name in a refusal (a URL it will not call, a widget not the owner's). */
const SERVER_CHECKED = ['url', 'kind', 'events', 'widgetIds'] as const;

export interface WebhookFormDialogProps {
  mode: 'create' | 'edit';
  initialValues: WebhookInput;
  /** Why Tellbox switched the endpoint off, when it did: turning it on again is the fix's last step. */
  disabledReason: string | null;
  /** Undefined while the owner's widgets load. */
  widgets: Widget[] | undefined;
  /** Saves; the dialog stays open (and busy) until it settles, and closes itself only on success. */
  onSubmit: (values: WebhookData) => Promise<SaveResult>;
  onClose: () => void;
}

/** Add or edit an endpoint: kind, URL, events, widgets and the on/off switch, checked by the shared schema. */
export function WebhookFormDialog(props: WebhookFormDialogProps) {
  const { mode, initialValues, disabledReason, widgets, onSubmit, onClose } = props;
  const form = useForm<WebhookInput, unknown, WebhookData>({
    resolver: formResolver(webhookInputSchema),
    defaultValues: initialValues,
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const title = mode === 'create' ? 'Add Webhook' : 'Edit Webhook';

  const submit = form.handleSubmit(async (values) => {
    const result = await onSubmit(values);
    if (result.ok) onClose();
    else showServerIssues(result.error, form.setError, SERVER_CHECKED);
  });

  return (
    <Modal open title={title} onCancel={onClose} footer={null} destroyOnHidden mask={{ closable: false }}>
      <form className="tb-webhook-form" onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
        <KindField control={form.control} />
        <TextField
          control={form.control}
          name="url"
          label="URL"
          placeholder={WEBHOOK_KIND_TEXT[kind].placeholder}
          hint={WEBHOOK_KIND_TEXT[kind].hint}
        />
        <EventsField control={form.control} />
        <WidgetScopeField
          control={form.control}
          name="widgetIds"
          widgets={widgets}
          legend="Widgets"
          allLabel="All widgets, including ones you add later"
        />
        {disabledReason && (
          <Alert className="tb-settings-notice" type="error" showIcon title="Disabled" description={disabledReason} />
        )}
        <ActiveField control={form.control} />
        <div className="tb-dialog-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={form.formState.isSubmitting}>
            {mode === 'create' ? 'Add Webhook' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
