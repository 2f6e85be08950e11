import { Button, type ButtonProps } from 'antd';
import type { FeedbackItem } from '../../../../../shared/api';
import { feedbackName } from '../utils/feedback-name';

/** A feedback's one action, named for the feedback it opens (author and time) for screen readers. */
export function ViewDetailsButton({
  item,
  onView,
  size,
  block,
}: {
  item: FeedbackItem;
  onView: (item: FeedbackItem) => void;
  size: ButtonProps['size'];
  block?: boolean;
}) {
  return (
    <Button size={size} block={block} onClick={() => onView(item)} aria-label={`View details of ${feedbackName(item)}`}>
      View details
    </Button>
  );
}
