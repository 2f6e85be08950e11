import { FEEDBACK_STATUS_LABELS, type FeedbackStatus } from '../../../../../shared/feedback-status';
import { StatusTag, type StatusTagTone } from '../../../components/status-tag/status-tag';

/**
 * Each status's tone: new asks for a look (the brand's colour), in progress is being handled
 * (warning), resolved is done (success), spam is set aside (quiet). All reach AA in both schemes.
 */
const TONES: Record<FeedbackStatus, StatusTagTone> = {
  new: 'brand',
  in_progress: 'warning',
  resolved: 'success',
  spam: 'neutral',
};

/** A feedback's status as a tag, in its label ("In progress"). */
export function FeedbackStatusTag({ status }: { status: FeedbackStatus }) {
  return <StatusTag tone={TONES[status]}>{FEEDBACK_STATUS_LABELS[status]}</StatusTag>;
}
