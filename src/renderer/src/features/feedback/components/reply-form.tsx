import { Button } from 'antd';
import { useForm } from 'react-hook-form';
import { feedbackReplyInputSchema, type FeedbackReplyInput } from '../../../../../shared/schemas/feedback-thread';
import type { z } from '../../../../../shared/schemas/zod';
import { TextField } from '../../../components/form/text-field';
import { useToast } from '../../../lib/use-toast';
import { SEND_REPLY_FAILED, useSendReply } from '../api/send-reply';
import { showThreadError } from '../utils/thread-error';
import { ThreadFormError } from './thread-form-error';
import { formResolver } from '../../../components/form/form-resolver';

const EMPTY = { message: '' };

/**
 * The owner's answer to a visitor, mailed to `authorEmail` from Tellbox with the owner's own
 * address to answer to; once sent it shows in the thread above and the field empties.
 */
export function ReplyForm({ feedbackId, authorEmail }: { feedbackId: string; authorEmail: string }) {
  const toast = useToast();
  const send = useSendReply(feedbackId);
  const form = useForm<z.input<typeof feedbackReplyInputSchema>, unknown, FeedbackReplyInput>({
    resolver: formResolver(feedbackReplyInputSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      form.reset(EMPTY);
      toast.success('Reply sent', `Mailed to ${authorEmail}.`);
    } catch (error) {
      showThreadError(error, form.setError, 'message', SEND_REPLY_FAILED);
    }
  });

  return (
    <form className="tb-thread-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Reply">
      <TextField
        control={form.control}
        name="message"
        label="Your reply"
        type="textarea"
        rows={4}
        hint={`Mailed to ${authorEmail}; their answer comes to your own address.`}
      />
      <ThreadFormError errors={form.formState.errors} />
      <div className="tb-form-actions">
        <Button type="primary" htmlType="submit" loading={form.formState.isSubmitting}>
          Send reply
        </Button>
      </div>
    </form>
  );
}
