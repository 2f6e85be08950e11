import type { ActivityEntry } from '../../../../../shared/api';
import { Avatar } from '../../../components/avatar/avatar';
import { RelativeTime } from '../../../components/relative-time';
import { activitySentence } from '../utils/activity-sentence';

/** One entry: the actor's initials, the sentence, and how long ago (the exact time in its tooltip). */
export function ActivityItem({ entry, selfId }: { entry: ActivityEntry; selfId: string | null }) {
  const { actor, rest } = activitySentence(entry, selfId);
  return (
    <li className="tb-activity-item">
      <Avatar name={entry.actor.name} size="small" />
      <p className="tb-activity-text">
        <strong>{actor}</strong> {rest}
      </p>
      <RelativeTime iso={entry.at} className="tb-activity-time" />
    </li>
  );
}
