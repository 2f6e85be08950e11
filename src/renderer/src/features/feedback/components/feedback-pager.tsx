import { Button } from 'antd';

export interface FeedbackPagerProps {
  /** 1 for the newest page. */
  page: number;
  hasOlder: boolean;
  busy: boolean;
  onNewer: () => void;
  onOlder: () => void;
}

/** Newer / Older buttons around the page number; nothing when everything fits on one page. */
export function FeedbackPager({ page, hasOlder, busy, onNewer, onOlder }: FeedbackPagerProps) {
  if (page === 1 && !hasOlder) return null;
  return (
    <nav className="tb-pager" aria-label="Feedback pages">
      <Button onClick={onNewer} disabled={page === 1 || busy}>
        Newer
      </Button>
      <span aria-live="polite">Page {page}</span>
      <Button onClick={onOlder} disabled={!hasOlder || busy}>
        Older
      </Button>
    </nav>
  );
}
