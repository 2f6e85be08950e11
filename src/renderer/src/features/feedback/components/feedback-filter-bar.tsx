import { Button } from 'antd';
import { hasSearch, type FeedbackSearch } from '../../../hooks/use-feedback-search-params';
import { AssigneeFilter } from './assignee-filter';
import { FeedbackDateRange } from './feedback-date-range';
import { FeedbackSearchBox } from './feedback-search-box';
import './feedback-filter-bar.css';

export const CLEAR_FILTERS = 'Clear filters';

export interface FeedbackFilterBarProps {
  search: FeedbackSearch;
  onSearchChange: (change: Partial<FeedbackSearch>) => void;
  /** Takes the words, the dates and the assignee away. */
  onClear: () => void;
}

/** The search, the date range and whose feedback, above the inbox, and the way back to everything. */
export function FeedbackFilterBar({ search, onSearchChange, onClear }: FeedbackFilterBarProps) {
  return (
    <div className="tb-feedback-filters">
      <FeedbackSearchBox value={search.q ?? ''} onChange={(q) => onSearchChange({ q: q || null })} />
      <FeedbackDateRange from={search.from} to={search.to} onChange={onSearchChange} />
      <AssigneeFilter value={search.assignee} onChange={(assignee) => onSearchChange({ assignee })} />
      {hasSearch(search) && (
        <Button type="link" className="tb-feedback-clear-filters" onClick={onClear}>
          {CLEAR_FILTERS}
        </Button>
      )}
    </div>
  );
}
