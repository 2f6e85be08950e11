import { Button } from 'antd';
import { useForm } from 'react-hook-form';
import { feedbackNoteInputSchema, type FeedbackNoteInput } from '../../../../../shared/schemas/feedback-thread';
import type { z } from '../../../../../shared/schemas/zod';
import { TextField } from '../../../components/form/text-field';
import { useToast } from '../../../lib/use-toast';
import { ADD_NOTE_FAILED, useAddNote } from '../api/add-note';
import { showThreadError } from '../utils/thread-error';
import { ThreadFormError } from './thread-form-error';
import { formResolver } from '../../../components/form/form-resolver';

const EMPTY = { text: '' };

/** A private note on an entry, for the owner alone; once saved it shows in the list above. */
export function NoteForm({ feedbackId }: { feedbackId: string }) {
  const toast = useToast();
  const add = useAddNote(feedbackId);
  const form = useForm<z.input<typeof feedbackNoteInputSchema>, unknown, FeedbackNoteInput>({
    resolver: formResolver(feedbackNoteInputSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      form.reset(EMPTY);
      toast.success('Note added');
    } catch (error) {
      showThreadError(error, form.setError, 'text', ADD_NOTE_FAILED);
    }
  });

  return (
    <form className="tb-thread-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Add a note">
      <TextField control={form.control} name="text" label="New note" type="textarea" rows={3} />
      <ThreadFormError errors={form.formState.errors} />
      <div className="tb-form-actions">
        <Button htmlType="submit" loading={form.formState.isSubmitting}>
          Add note
        </Button>
      </div>
    </form>
  );
}
