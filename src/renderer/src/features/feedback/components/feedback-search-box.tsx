import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import type { KeyboardEvent } from 'react';
import { MAX_FEEDBACK_SEARCH_LENGTH } from '../../../../../shared/limits';
import { useDraft } from '../hooks/use-draft';

export const SEARCH_LABEL = 'Search feedback';

export interface FeedbackSearchBoxProps {
  /** The search in the URL; empty for none. */
  value: string;
  onChange: (q: string) => void;
}

/**
 * The inbox's search over message, author name and e-mail, and page URL. It searches once typing
 * pauses; Enter searches at once, the clear button and Escape take the search away.
 */
export function FeedbackSearchBox({ value, onChange }: FeedbackSearchBoxProps) {
  const { draft, setDraft, flush, replace } = useDraft(value, onChange);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') flush();
    if (event.key === 'Escape' && draft) {
      // Only the search: a dialog around it (none now) would otherwise close too.
      event.stopPropagation();
      replace('');
    }
  };

  return (
    <div role="search" className="tb-feedback-search">
      <Input
        type="search"
        aria-label={SEARCH_LABEL}
        placeholder="Search messages, authors, URLs"
        prefix={<SearchOutlined aria-hidden />}
        value={draft}
        maxLength={MAX_FEEDBACK_SEARCH_LENGTH}
        allowClear={{ clearIcon: <CloseCircleFilled aria-label="Clear search" /> }}
        // The clear button takes the search away at once: no pause to wait for.
        onClear={() => replace('')}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
      />
    </div>
  );
}
