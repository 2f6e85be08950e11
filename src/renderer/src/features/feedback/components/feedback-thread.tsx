import { LockOutlined } from '@ant-design/icons';
import { useId } from 'react';
import type { FeedbackItem } from '../../../../../shared/api';
import { THREAD_MESSAGES } from '../../../../../shared/schemas/feedback-thread';
import { LoadError } from '../../../components/load-error';
import { useCan } from '../../../lib/workspace/use-permission';
import { LOAD_THREAD_FAILED, useFeedbackDetails } from '../api/get-feedback-details';
import { NoteForm } from './note-form';
import { ReplyForm } from './reply-form';
import { ThreadEntries } from './thread-entries';
import './feedback-thread.css';

/** The server's own words for the same refusal, said before anyone tries. */
export const NO_ADDRESS_TO_REPLY = THREAD_MESSAGES.noAddress;

/**
 * Under an entry's details: the team's replies to the visitor, as a thread with the form to send
 * one (only when the visitor left an address), and the team's private notes with the form to add
 * one. A role that may not triage reads both, without the forms. Mounted with a key per entry, so
 * walking to another entry never shows this one's thread.
 */
export function FeedbackThread({ item }: { item: FeedbackItem }) {
  const details = useFeedbackDetails(item._id);
  const repliesId = useId();
  const notesId = useId();
  const thread = details.data;
  const writes = useCan('feedback.triage');
  return (
    <div className="tb-thread">
      {details.isPending && (
        <p role="status" className="tb-muted">
          Loading replies and notes...
        </p>
      )}
      {details.isError && <LoadError message={LOAD_THREAD_FAILED} onRetry={() => void details.refetch()} />}
      <section className="tb-thread-section" aria-labelledby={repliesId}>
        <h2 id={repliesId} className="tb-thread-title">
          Replies
        </h2>
        {thread && (
          <ThreadEntries
            label="Replies"
            empty="No replies yet."
            entries={thread.replies.map((reply) => ({ id: reply._id, text: reply.message, at: reply.createdAt }))}
            meta="Replied"
          />
        )}
        {!writes ? null : item.authorEmail ? (
          <ReplyForm feedbackId={item._id} authorEmail={item.authorEmail} />
        ) : (
          <p className="tb-muted">{NO_ADDRESS_TO_REPLY}</p>
        )}
      </section>
      <section className="tb-thread-section tb-thread-notes" aria-labelledby={notesId}>
        <h2 id={notesId} className="tb-thread-title">
          <LockOutlined aria-hidden /> Private notes
        </h2>
        <p className="tb-thread-private">Only your team can see these. They are never sent to the visitor.</p>
        {thread && (
          <ThreadEntries
            label="Private notes"
            empty="No notes yet."
            entries={thread.notes.map((note) => ({ id: note._id, text: note.text, at: note.createdAt }))}
            meta="Note"
          />
        )}
        {writes && <NoteForm feedbackId={item._id} />}
      </section>
    </div>
  );
}
