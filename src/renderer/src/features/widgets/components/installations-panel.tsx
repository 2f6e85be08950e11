import { Button, type ButtonProps } from 'antd';
import type { Widget } from '../../../../../shared/api';
import type { PlanId } from '../../../../../shared/plans';
import { RelativeTime } from '../../../components/relative-time';
import { usePlans } from '../../../lib/use-plans';
import { useCan } from '../../../lib/workspace/use-permission';
import { useInstallations } from '../api/get-installations';
import { usageText } from '../utils/widget-usage';

export interface InstallationsPanelProps {
  widget: Widget;
  /** The plan's cap per widget (null: unlimited); unknown while the limits load. */
  limits: { plan: PlanId; maxInstallationsPerWidget: number | null } | undefined;
  removingHost: string | null;
  /** Small in a table row; full size in a phone's card, where a thumb presses them. */
  buttonSize?: ButtonProps['size'];
  onRemove: (host: string) => void;
}

const LOAD_FAILED = 'Failed to load installations. Please try again.';

/**
 * The sites (hosts) a widget is registered on (docs/plans-and-billing.md, "Plans"), with the plan's cap and a Remove
 * button per host, which frees its place for another site. The list comes a page at a time (Load
 * more); until the first page arrives, the widget list's preview of the oldest hosts stands in.
 */
export function InstallationsPanel({
  widget,
  limits,
  removingHost,
  buttonSize = 'small',
  onRemove,
}: InstallationsPanelProps) {
  const plans = usePlans();
  const writes = useCan('widgets.write');
  const pages = useInstallations(widget._id);
  const installations = pages.data?.pages.flatMap((page) => page.installations) ?? widget.installations;
  const count = widget.installationCount;
  return (
    <section className="tb-installations" aria-label={`Installations of ${widget.name}`}>
      <h2 className="tb-subheading">Installations</h2>
      {limits && (
        <p className="tb-muted">
          {usageText('installations', count, limits.maxInstallationsPerWidget, plans[limits.plan])}
        </p>
      )}
      {widget.lockHosts && <p className="tb-muted">Locked: no new site can register this widget.</p>}
      {installations.length === 0 ? (
        <p>
          {widget.lockHosts
            ? 'No installations yet.'
            : 'No installations yet. The first site that loads this widget is registered automatically.'}
        </p>
      ) : (
        <ul className="tb-plain-list">
          {installations.map((installation) => (
            <li key={installation.host} className="tb-installation">
              <span className="tb-break">{installation.host}</span>
              <span className="tb-muted">
                registered <RelativeTime iso={installation.createdAt} />
              </span>
              {writes && (
                <Button
                  size={buttonSize}
                  danger
                  aria-label={`Remove ${installation.host}`}
                  loading={removingHost === installation.host}
                  onClick={() => onRemove(installation.host)}
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {pages.isError ? (
        <p role="alert" className="tb-field-error">
          {LOAD_FAILED}{' '}
          <Button size={buttonSize} onClick={() => void pages.refetch()}>
            Retry
          </Button>
        </p>
      ) : (
        pages.hasNextPage && (
          <Button
            size={buttonSize}
            className="tb-load-more"
            loading={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
          >
            Load more
          </Button>
        )
      )}
    </section>
  );
}
