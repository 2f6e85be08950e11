import { useState } from 'react';
import type { Widget } from '../../../../../shared/api';
import type { WidgetInput } from '../../../../../shared/schemas';
import { useConfirm } from '../../../components/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { useLimitsSummary } from '../../../lib/owner-data/use-limits-summary';
import { usePlans } from '../../../lib/use-plans';
import { useToast } from '../../../lib/use-toast';
import { useUpgradeAction } from '../../../lib/use-upgrade-action';
import { useCreateWidget } from '../api/create-widget';
import { useDeleteWidget } from '../api/delete-widget';
import { useRemoveInstallation } from '../api/remove-installation';
import { useUpdateWidget } from '../api/update-widget';
import { widgetLimitText } from '../utils/widget-usage';

const DELETE_WIDGET_WARNING =
  'This action cannot be undone. The widget, its feedback and its news posts will be deleted.';

export type CreateResult = { status: 'created'; widget: Widget } | { status: 'limit-reached' } | { status: 'failed' };

/**
 * What the widgets screen does to widgets, each with its toasts (docs/product.md §8): create
 * (limit reached → "Limit reached"), update, delete after confirmation, and removing an installation.
 */
export function useWidgetActions() {
  const toast = useToast();
  const confirm = useConfirm();
  const limits = useLimitsSummary();
  const plans = usePlans();
  const upgrade = useUpgradeAction();
  const create = useCreateWidget();
  const update = useUpdateWidget();
  const remove = useDeleteWidget();
  const removeHost = useRemoveInstallation();
  const [removingHost, setRemovingHost] = useState<string | null>(null);

  /** The "Limit reached" toast, with the plan's numbers as they are now and the upgrade that lifts it. */
  const limitReached = async () => {
    const fresh = (await limits.refetch()).data ?? limits.data;
    toast.error('Limit reached', fresh ? widgetLimitText(fresh, plans) : undefined, {
      action: upgrade(fresh?.widgetSuggestedPlan ?? null),
    });
  };

  return {
    limits,
    removingHost,

    /** False (after the toast) when the plan allows no more widgets. */
    canCreate(): boolean {
      if (limits.data?.canCreateWidget !== false) return true;
      toast.error('Limit reached', widgetLimitText(limits.data, plans), {
        action: upgrade(limits.data.widgetSuggestedPlan),
      });
      return false;
    },

    /** Creates a widget, with the toast that says how it went. */
    async create(values: WidgetInput): Promise<CreateResult> {
      try {
        const widget = await create.mutateAsync(values);
        toast.success('Widget created');
        return { status: 'created', widget };
      } catch (error) {
        // Another tab (or the API) may have used the last place since the limits were read.
        if (error instanceof ApiError && error.status === 403) {
          await limitReached();
          return { status: 'limit-reached' };
        }
        toast.error('Failed to save widget. Please try again.');
        return { status: 'failed' };
      }
    },

    /** Saves a widget's settings; resolves to whether it worked. */
    async update(id: string, values: WidgetInput): Promise<boolean> {
      try {
        await update.mutateAsync({ id, input: values });
        toast.success('Widget updated');
        return true;
      } catch {
        toast.error('Failed to save widget. Please try again.');
        return false;
      }
    },

    confirmDelete(widget: Widget) {
      confirm({
        title: `Delete ${widget.name}?`,
        content: DELETE_WIDGET_WARNING,
        okText: 'Delete',
        onOk: async () => {
          try {
            await remove.mutateAsync(widget._id);
            toast.success('Widget deleted');
          } catch {
            toast.error('Failed to delete widget. Please try again.');
          }
        },
      });
    },

    async removeInstallation(widget: Widget, host: string) {
      setRemovingHost(host);
      try {
        await removeHost.mutateAsync({ widgetId: widget._id, host });
        toast.success('Installation removed');
      } catch {
        toast.error('Failed to remove installation. Please try again.');
      } finally {
        setRemovingHost(null);
      }
    },
  };
}
