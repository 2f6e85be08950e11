import { useEffect, useState } from 'react';
import type { Widget } from '../../../../../shared/api';
import type { WidgetInput } from '../../../../../shared/schemas';
import { CreateButton } from '../../../components/create-button';
import { LoadError } from '../../../components/load-error';
import { PermissionHint } from '../../../components/permission-hint';
import { useCreateIntent } from '../../../hooks/use-create-intent';
import { useWidgets } from '../../../lib/owner-data/use-widgets';
import { usePlans } from '../../../lib/use-plans';
import { useToast } from '../../../lib/use-toast';
import { useCan } from '../../../lib/workspace/use-permission';
import { useWidgetActions } from '../hooks/use-widget-actions';
import { newWidgetFormValues, toWidgetFormValues } from '../utils/widget-form-values';
import { widgetUsageText } from '../utils/widget-usage';
import { SnippetDialog } from './snippet-dialog';
import { WidgetFormDialog } from './widget-form-dialog';
import { WidgetsTable } from './widgets-table';

const LOAD_FAILED = 'Failed to load widgets. Please try again.';

type FormState = { mode: 'create' } | { mode: 'edit'; widget: Widget } | null;

/** /widgets (docs/product.md §2): the My Widgets table, its usage line and its dialogs. */
export function WidgetsPage() {
  const toast = useToast();
  const widgets = useWidgets();
  const actions = useWidgetActions();
  const limits = actions.limits.data;
  const plans = usePlans();
  const writes = useCan('widgets.write');
  const [form, setForm] = useState<FormState>(null);
  const [snippetOf, setSnippetOf] = useState<Widget | null>(null);

  const openCreate = () => actions.canCreate() && setForm({ mode: 'create' });
  // The command palette's New widget: once the role and the limits are known.
  useCreateIntent(() => writes && openCreate(), limits !== undefined);

  useEffect(() => {
    if (widgets.isError) toast.error(LOAD_FAILED);
  }, [widgets.isError, widgets.errorUpdatedAt, toast]);

  const save = async (values: WidgetInput) => {
    if (form?.mode === 'edit') {
      if (await actions.update(form.widget._id, values)) setForm(null);
      return;
    }
    const result = await actions.create(values);
    // A failure keeps the dialog open so the owner can try again; a reached limit cannot be retried.
    if (result.status !== 'failed') setForm(null);
    // docs/product.md §2: after a create, the installation snippet opens by itself.
    if (result.status === 'created') setSnippetOf(result.widget);
  };

  return (
    <>
      <div className="tb-page-header">
        <h1>My Widgets</h1>
        {writes && (
          <CreateButton
            label="Create New Widget"
            onClick={openCreate}
            limitReached={limits?.canCreateWidget === false}
            upgradePlan={limits?.widgetSuggestedPlan ?? null}
          />
        )}
      </div>
      <PermissionHint permission="widgets.write" />
      {limits && <p className="tb-muted">{widgetUsageText(limits, plans)}</p>}
      {widgets.isError ? (
        <LoadError message={LOAD_FAILED} onRetry={() => void widgets.refetch()} />
      ) : (
        <WidgetsTable
          widgets={widgets.data ?? []}
          loading={widgets.isPending}
          limits={limits}
          removingHost={actions.removingHost}
          onCreate={writes ? openCreate : undefined}
          onEdit={(widget) => setForm({ mode: 'edit', widget })}
          onSnippet={setSnippetOf}
          onDelete={actions.confirmDelete}
          onRemoveInstallation={(widget, host) => void actions.removeInstallation(widget, host)}
        />
      )}
      {form && (
        <WidgetFormDialog
          key={form.mode === 'edit' ? form.widget._id : 'new'}
          mode={form.mode}
          initialValues={form.mode === 'edit' ? toWidgetFormValues(form.widget) : newWidgetFormValues()}
          changelogUrl={form.mode === 'edit' ? form.widget.changelogUrl : undefined}
          onSubmit={save}
          onClose={() => setForm(null)}
        />
      )}
      <SnippetDialog widget={snippetOf} onClose={() => setSnippetOf(null)} />
    </>
  );
}
