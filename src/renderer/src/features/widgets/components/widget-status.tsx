import { Badge } from 'antd';

/**
 * The status dot of docs/product.md §2: Active or Inactive. The word is ours, not the Badge's, so it takes the
 * type of wherever it stands (a table cell, a small line under a name, a card's corner).
 */
export function WidgetStatus({ active }: { active: boolean }) {
  return (
    <span className="tb-widget-status">
      <Badge status={active ? 'success' : 'default'} />
      {active ? 'Active' : 'Inactive'}
    </span>
  );
}
