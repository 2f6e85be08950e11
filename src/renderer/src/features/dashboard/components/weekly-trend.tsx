import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import { trendText, type WeeklyTrend as Trend } from '../utils/weekly-trend';
import './weekly-trend.css';

const ICONS = { up: ArrowUpOutlined, down: ArrowDownOutlined, same: MinusOutlined } as const;

/**
 * This week against last, as an arrow, a colour and words ("Up 12% vs last week"): the words
 * carry it all, so neither colour nor the arrow is needed to read it.
 */
export function WeeklyTrend({ trend }: { trend: Trend }) {
  const Icon = ICONS[trend.direction];
  return (
    <span className={`tb-trend tb-trend-${trend.direction}`}>
      <Icon aria-hidden="true" />
      {trendText(trend)}
    </span>
  );
}
