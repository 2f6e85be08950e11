/**
 * Owners' widgets: list, create within the plan's widget limit, edit, delete, and the
 * installations (site hosts) a widget is registered on.
 */
import type { InstallationListResponse, Widget } from '../../../src/shared/api';
import { isBelowLimit, type PlanTable } from '../../../src/shared/plans';
import { WIDGET_DISPLAY_DEFAULTS, type InstallationListQuery, type WidgetInput } from '../../../src/shared/schemas';
import { lockAccount } from '../../db/locks';
import type { Transactor } from '../../db/transaction';
import type { WorkspaceAccess } from '../workspaces/workspaces.service';
import { forbidden, notFound } from '../../lib/errors';
import { newId, newSiteKey } from '../../lib/ids';
import type { Clock } from '../../lib/time';
import { limitReachedMessage } from '../../../src/shared/plans';
import { effectivePlan, readSubscription, type BillingMode } from '../plans/plans.service';
import { decodeInstallationCursor, encodeInstallationCursor } from './installation-cursor';
import { textsColumn } from './widget-texts';
import { NO_INSTALLATIONS, toWidget, type WidgetsRepo } from './widgets.repo';

/** The public widget API reads the owner's words through here. */
export { readTexts } from './widget-texts';

export const WIDGET_MESSAGES = {
  notFound: 'Widget not found.',
  installationNotFound: 'Installation not found.',
  deleted: 'Widget deleted',
  installationRemoved: 'Installation removed',
} as const;

interface WidgetsDeps {
  transact: Transactor;
  widgets: WidgetsRepo;
  plans: PlanTable;
  billingMode: BillingMode;
  clock: Clock;
  publicUrl: string;
  /** Called after anything the public widget API serves has changed. */
  onWidgetChanged: (widgetId: string) => void;
}

const flag = (value: boolean) => (value ? 1 : 0);

/**
 * The row's columns for the input. The settings an edit may leave out keep their column out too
 * (the widget keeps them); a new widget gets WIDGET_DISPLAY_DEFAULTS for them instead (`create`).
 */
function columnsOf(input: WidgetInput, create = false) {
  const display = create ? { ...WIDGET_DISPLAY_DEFAULTS, ...input } : input;
  return {
    name: input.name,
    position: input.position,
    color: input.primaryColor,
    enable_feedback: flag(input.enableFeedback),
    enable_news: flag(input.enableNews),
    ...(input.lockHosts !== undefined && { lock_hosts: flag(input.lockHosts) }),
    ...(display.texts !== undefined && { texts: textsColumn(display.texts) }),
    ...(display.hideLauncher !== undefined && { hide_launcher: flag(display.hideLauncher) }),
    ...(display.offsetX !== undefined && { offset_x: display.offsetX }),
    ...(display.offsetY !== undefined && { offset_y: display.offsetY }),
    ...(display.publicChangelog !== undefined && { public_changelog: flag(display.publicChangelog) }),
  };
}

export function createWidgetsService(deps: WidgetsDeps) {
  const { transact, widgets, plans, billingMode, clock, publicUrl, onWidgetChanged } = deps;

  async function view(workspaceId: string, id: string): Promise<Widget> {
    const row = await widgets.findOwned(workspaceId, id);
    if (!row) throw notFound(WIDGET_MESSAGES.notFound);
    const previews = await widgets.installationPreviews([id]);
    return toWidget(row, previews.get(id) ?? NO_INSTALLATIONS, publicUrl);
  }

  return {
    async list(workspace: WorkspaceAccess): Promise<Widget[]> {
      const rows = await widgets.listByOwner(workspace.id);
      const previews = await widgets.installationPreviews(rows.map((row) => row.id));
      return rows.map((row) => toWidget(row, previews.get(row.id) ?? NO_INSTALLATIONS, publicUrl));
    },

    /** One page of a widget's installations, oldest first; 404 unless the widget is the owner's. */
    async installations(
      workspace: WorkspaceAccess,
      id: string,
      query: InstallationListQuery,
    ): Promise<InstallationListResponse> {
      if (!(await widgets.findOwned(workspace.id, id))) throw notFound(WIDGET_MESSAGES.notFound);
      const after = query.cursor ? decodeInstallationCursor(query.cursor) : undefined;
      const rows = await widgets.installationsPage(id, after, query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const nextCursor =
        rows.length > query.limit && last
          ? encodeInstallationCursor({ createdAt: last.createdAt, host: last.host })
          : null;
      return { success: true, installations: page, nextCursor };
    },

    /** Creates a widget unless the plan's widget limit is reached (403), atomically. */
    async create(workspace: WorkspaceAccess, input: WidgetInput): Promise<Widget> {
      const now = clock.now();
      const id = newId();
      await transact(async (trx) => {
        await lockAccount(trx, workspace.id);
        const plan = effectivePlan(plans, await readSubscription(trx, workspace.id), now, billingMode);
        const count = await widgets.countByOwner(workspace.id, trx);
        if (!isBelowLimit(plan.limits.maxWidgets, count)) {
          throw forbidden(limitReachedMessage('widgets', plan.limits.maxWidgets, plan));
        }
        await widgets.insert(
          {
            id,
            workspace_id: workspace.id,
            site_key: newSiteKey(),
            ...columnsOf(input, true),
            active: input.active === false ? 0 : 1,
            created_at: now.toISOString(),
            updated_at: now.toISOString(),
          },
          trx,
        );
      });
      return view(workspace.id, id);
    },

    async update(workspace: WorkspaceAccess, id: string, input: WidgetInput): Promise<Widget> {
      const changes = {
        ...columnsOf(input),
        ...(input.active !== undefined && { active: input.active ? 1 : 0 }),
        updated_at: clock.now().toISOString(),
      };
      if (!(await widgets.update(workspace.id, id, changes))) throw notFound(WIDGET_MESSAGES.notFound);
      onWidgetChanged(id);
      return view(workspace.id, id);
    },

    async delete(workspace: WorkspaceAccess, id: string) {
      if (!(await widgets.delete(workspace.id, id))) throw notFound(WIDGET_MESSAGES.notFound);
      onWidgetChanged(id);
      return { message: WIDGET_MESSAGES.deleted };
    },

    /** Frees a host's place so another site can register (or this one again). */
    async removeInstallation(workspace: WorkspaceAccess, id: string, host: string): Promise<Widget> {
      if (!(await widgets.findOwned(workspace.id, id))) throw notFound(WIDGET_MESSAGES.notFound);
      // Hosts are stored lower-case, as browsers send them.
      if (!(await widgets.deleteInstallation(id, host.toLowerCase()))) {
        throw notFound(WIDGET_MESSAGES.installationNotFound);
      }
      onWidgetChanged(id);
      return view(workspace.id, id);
    },

    /** Throws 404 unless `id` is one of the owner's widgets (filters on other routes use it). */
    async assertOwned(workspace: WorkspaceAccess, id: string) {
      if (!(await widgets.findOwned(workspace.id, id))) throw notFound(WIDGET_MESSAGES.notFound);
    },

    countAll: (workspace: WorkspaceAccess) => widgets.countByOwner(workspace.id),
    countActive: (workspace: WorkspaceAccess) => widgets.countByOwner(workspace.id, undefined, true),
  };
}

export type WidgetsService = ReturnType<typeof createWidgetsService>;
