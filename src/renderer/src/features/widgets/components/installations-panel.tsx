import { Button } from 'antd';
import type { Widget } from '../../../../../shared/api';
import type { PlanId } from '../../../../../shared/plans';
import { RelativeTime } from '../../../components/relative-time';
import { usageText } from '../utils/widget-usage';

export interface InstallationsPanelProps {
  widget: Widget;
  /** The plan's cap per widget (null: unlimited); unknown while the limits load. */
  limits: { plan: PlanId; maxInstallationsPerWidget: number | null } | undefined;
  removingHost: string | null;
  onRemove: (host: string) => void;
}

/**
 * The sites (hosts) a widget is registered on (decisions §6), with the plan's cap and a Remove
 * button per host, which frees its place for another site.
 */
export function InstallationsPanel({ widget, limits, removingHost, onRemove }: InstallationsPanelProps) {
  const { installations } = widget;
  return (
    <section className="tb-installations" aria-label={`Installations of ${widget.name}`}>
      <h2 className="tb-subheading">Installations</h2>
      {limits && (
        <p className="tb-muted">
          {usageText('installations', installations.length, limits.maxInstallationsPerWidget, limits.plan)}
        </p>
      )}
      {installations.length === 0 ? (
        <p>No installations yet. The first site that loads this widget is registered automatically.</p>
      ) : (
        <ul className="tb-plain-list">
          {installations.map((installation) => (
            <li key={installation.host} className="tb-installation">
              <span className="tb-break">{installation.host}</span>
              <span className="tb-muted">
                registered <RelativeTime iso={installation.createdAt} />
              </span>
              <Button
                size="small"
                danger
                aria-label={`Remove ${installation.host}`}
                loading={removingHost === installation.host}
                onClick={() => onRemove(installation.host)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
