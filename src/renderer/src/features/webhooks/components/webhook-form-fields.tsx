import { Checkbox, Radio, Switch } from 'antd';
import { useId } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { WEBHOOK_EVENTS, WEBHOOK_KINDS, type WebhookInput } from '../../../../../shared/schemas/webhooks';
import { FieldError } from '../../../components/form/field-error';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_KIND_TEXT } from '../utils/webhook-labels';

type WebhookControl = { control: Control<WebhookInput> };

/** Generic, Slack or Discord: what the deliveries look like (signed JSON, or a chat message). */
export function KindField({ control }: WebhookControl) {
  return (
    <Controller
      control={control}
      name="kind"
      render={({ field, fieldState }) => (
        <fieldset className="tb-fieldset">
          <legend>Kind</legend>
          <Radio.Group
            name={field.name}
            value={field.value}
            optionType="button"
            onChange={(event) => field.onChange(event.target.value)}
            options={WEBHOOK_KINDS.map((kind) => ({ value: kind, label: WEBHOOK_KIND_TEXT[kind].label }))}
          />
          <FieldError message={fieldState.error?.message} />
        </fieldset>
      )}
    />
  );
}

/** Which events go to the endpoint: at least one (the schema's rule and message). */
export function EventsField({ control }: WebhookControl) {
  return (
    <Controller
      control={control}
      name="events"
      render={({ field, fieldState }) => (
        <fieldset className="tb-fieldset">
          <legend>Events</legend>
          <Checkbox.Group
            className="tb-webhook-events"
            value={field.value}
            onChange={(events) => field.onChange(events)}
            options={WEBHOOK_EVENTS.map((event) => ({ value: event, label: WEBHOOK_EVENT_LABELS[event] }))}
          />
          <FieldError message={fieldState.error?.message} />
        </fieldset>
      )}
    />
  );
}

const ACTIVE_DESCRIPTION = 'When off, nothing is sent to this endpoint until you turn it back on.';

/** On or off, with what off means read out with the switch. */
export function ActiveField({ control }: WebhookControl) {
  const id = useId();
  return (
    <Controller
      control={control}
      name="active"
      render={({ field }) => (
        <div className="tb-switch-field tb-webhook-active">
          <Switch
            id={id}
            ref={field.ref}
            checked={field.value}
            aria-describedby={`${id}-description`}
            onChange={(checked) => field.onChange(checked)}
          />
          <label htmlFor={id}>Active</label>
          <p id={`${id}-description`} className="tb-muted tb-switch-description">
            {ACTIVE_DESCRIPTION}
          </p>
        </div>
      )}
    />
  );
}
