import type { ActivityEntry } from '../../../../../shared/api';
import { FEEDBACK_STATUS_LABELS, type FeedbackStatus } from '../../../../../shared/feedback-status';
import { isRole, ROLE_LABELS } from '../../../../../shared/roles';
import { aRole } from '../../../utils/role-phrase';

/** An entry as a sentence: who (`actor`, drawn in bold), then what they did (`rest`). */
export interface ActivitySentence {
  actor: string;
  rest: string;
}

/** A role word as the server wrote it ("viewer"), as the console says it, or as it came. */
const roleWord = (word: string) => (isRole(word) ? ROLE_LABELS[word].toLowerCase() : word);

const isStatus = (word: string): word is FeedbackStatus => Object.hasOwn(FEEDBACK_STATUS_LABELS, word);
const statusWord = (word: string) => (isStatus(word) ? FEEDBACK_STATUS_LABELS[word].toLowerCase() : word);

/**
 * The server writes some targets as text with the role in it: "bob@x.com as viewer" (an
 * invitation, a join) and "Bob → viewer" (a role change). Split at the last separator, so a name
 * that holds one stays whole.
 */
function splitAt(text: string, separator: string): [before: string, after: string] | null {
  const at = text.lastIndexOf(separator);
  if (at <= 0) return null;
  return [text.slice(0, at), text.slice(at + separator.length)];
}

/** A name the owner typed (a widget's, a post's), quoted so it reads apart from the sentence. */
const quoted = (name: string) => `“${name}”`;

/**
 * What an entry's status change says: the server names the target by what the request sent,
 * joined by commas ("in_progress, assigned", "3 entries, resolved").
 */
function feedbackChange(name: string): string {
  const parts = name.split(', ');
  const status = parts.find(isStatus);
  const assigned = parts.includes('assigned') ? 'assigned' : parts.includes('unassigned') ? 'unassigned' : null;
  if (status && assigned) return `marked feedback ${statusWord(status)} and ${assigned} it`;
  if (status) return `marked feedback ${statusWord(status)}`;
  if (assigned) return `${assigned} feedback`;
  return 'updated feedback';
}

function bulkChange(name: string): string {
  const [count, status] = name.split(', ');
  const entries = count?.endsWith(' entries') ? `${count.replace(' entries', '')} feedback entries` : 'feedback';
  return status ? `marked ${entries} ${statusWord(status)}` : `changed ${entries}`;
}

/** A post's title, without the status the request also sent ("Dark mode is here, published"). */
const postTitle = (name: string) => name.replace(/, (published|draft)$/, '');

type Phrase = (target: string) => string;

/** Each action the server logs, as the rest of a sentence about its target's name (may be blank). */
const PHRASES: Record<string, Phrase> = {
  'workspace.created': (name) => `created the workspace ${name}`.trim(),
  'workspace.renamed': (name) => `renamed the workspace to ${name}`.trim(),
  'workspace.transferred': (name) => `made ${name || 'another member'} the owner`,
  'member.joined': (name) => {
    const parts = splitAt(name, ' as ');
    return parts ? `joined as ${roleWord(parts[1])}` : 'joined the workspace';
  },
  'member.left': () => 'left the workspace',
  'member.removed': (name) => `removed ${name || 'a member'}`,
  'member.role_changed': (name) => {
    const parts = splitAt(name, ' → ');
    if (!parts) return `changed the role of ${name || 'a member'}`;
    return `made ${parts[0]} ${isRole(parts[1]) ? aRole(parts[1]) : parts[1]}`;
  },
  'invitation.sent': (name) => {
    const parts = splitAt(name, ' as ');
    return parts ? `invited ${parts[0]} as ${roleWord(parts[1])}` : `invited ${name || 'someone'}`;
  },
  'invitation.withdrawn': (name) => `withdrew the invitation to ${name || 'someone'}`,
  'feedback.updated': feedbackChange,
  'feedback.statuses_changed': bulkChange,
  'feedback.exported': (name) => (name ? `exported feedback as ${name.toUpperCase()}` : 'exported feedback'),
  'feedback.replied': () => 'replied to a visitor',
  'feedback.noted': () => 'added a private note to feedback',
  'widget.created': (name) => (name ? `created the widget ${quoted(name)}` : 'created a widget'),
  'widget.updated': (name) => (name ? `changed the widget ${quoted(name)}` : 'changed a widget'),
  'widget.deleted': () => 'deleted a widget',
  'widget.site_removed': (name) => (name ? `removed ${name} from a widget's sites` : "removed a widget's site"),
  'post.created': (name) => (name ? `wrote the news post ${quoted(postTitle(name))}` : 'wrote a news post'),
  'post.updated': (name) => (name ? `edited the news post ${quoted(postTitle(name))}` : 'edited a news post'),
  'post.deleted': () => 'deleted a news post',
  'webhook.created': (name) => (name ? `added the webhook ${name}` : 'added a webhook'),
  'webhook.updated': (name) => (name ? `changed the webhook ${name}` : 'changed a webhook'),
  'webhook.deleted': () => 'deleted a webhook',
  'webhook.secret_rotated': () => "rotated a webhook's secret",
  'plan.changed': (name) =>
    name ? `changed the plan to ${name.charAt(0).toUpperCase()}${name.slice(1)}` : 'changed the plan',
  'plan.cancelled': () => 'cancelled the plan',
  'plan.reactivated': () => 'reactivated the plan',
};

/** "feedback.assigned" → "feedback assigned": an action this console has no sentence for yet. */
const plainAction = (action: string) => action.replace(/[._]/g, ' ');

/**
 * "Ada invited bob@x.com as viewer", "You made Bob a viewer", "Tom marked feedback in progress
 * and assigned it": each entry in words. The signed-in account's own entries say "You". An action
 * added to the server before the console knows it still reads sensibly ("Ada feedback
 * archived: …").
 */
export function activitySentence(entry: ActivityEntry, selfId: string | null): ActivitySentence {
  const actor = entry.actor.accountId !== null && entry.actor.accountId === selfId ? 'You' : entry.actor.name;
  const name = entry.target.name ?? '';
  const phrase = Object.hasOwn(PHRASES, entry.action) ? PHRASES[entry.action] : undefined;
  const rest = phrase ? phrase(name) : name ? `${plainAction(entry.action)}: ${name}` : plainAction(entry.action);
  return { actor, rest };
}
