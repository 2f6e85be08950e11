import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Modal } from 'antd';
import { useForm } from 'react-hook-form';
import { widgetInputSchema, type WidgetInput } from '../../../../../shared/schemas';
import { TextField } from '../../../components/form/text-field';
import { ColorField } from './color-field';
import { PositionField } from './position-field';
import { SwitchField } from './switch-field';
import { FieldError } from '../../../components/form/field-error';

const LOCK_HOSTS_DESCRIPTION = 'No new site can register this widget; the sites under Installations keep working.';

export interface WidgetFormDialogProps {
  mode: 'create' | 'edit';
  initialValues: WidgetInput;
  /** Saves; the dialog stays open (and busy) until it settles. */
  onSubmit: (values: WidgetInput) => Promise<void>;
  onClose: () => void;
}

/** The create/edit dialog of a widget: the widget form of docs/product.md §5, checked by the shared schema. */
export function WidgetFormDialog({ mode, initialValues, onSubmit, onClose }: WidgetFormDialogProps) {
  const form = useForm<WidgetInput>({ resolver: zodResolver(widgetInputSchema), defaultValues: initialValues });
  const featuresError = form.formState.errors.enableFeedback?.message;
  // The "at least one feature" rule spans both switches: re-check it whichever one moves.
  const recheckFeatures = () => {
    if (form.formState.isSubmitted) void form.trigger(['enableFeedback', 'enableNews']);
  };
  const submit = form.handleSubmit(onSubmit);
  const title = mode === 'create' ? 'Create New Widget' : 'Edit Widget';

  return (
    <Modal open title={title} onCancel={onClose} footer={null} destroyOnHidden mask={{ closable: false }}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
        <TextField control={form.control} name="name" label="Name" placeholder="My website" />
        <PositionField control={form.control} />
        <ColorField control={form.control} />
        <fieldset className="tb-fieldset">
          <legend>Features</legend>
          <SwitchField
            control={form.control}
            name="enableFeedback"
            label="Enable Feedback"
            onToggle={recheckFeatures}
          />
          <SwitchField control={form.control} name="enableNews" label="Enable News" onToggle={recheckFeatures} />
          <FieldError message={featuresError} />
        </fieldset>
        {mode === 'edit' && (
          <>
            <SwitchField control={form.control} name="active" label="Active" />
            <SwitchField
              control={form.control}
              name="lockHosts"
              label="Lock to current sites"
              description={LOCK_HOSTS_DESCRIPTION}
            />
          </>
        )}
        <div className="tb-dialog-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={form.formState.isSubmitting}>
            {mode === 'create' ? 'Create Widget' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
