import { Button } from 'antd';
import { useForm } from 'react-hook-form';
import type { Widget } from '../../../../../shared/api';
import { newsPostInputSchema, type NewsPostData, type NewsPostInput } from '../../../../../shared/schemas/news';
import { TextField } from '../../../components/form/text-field';
import type { PostFormValues } from '../utils/post-form-values';
import { IconField } from './icon-field';
import { StatusField } from './status-field';
import { WidgetSelectField } from './widget-select-field';
import { formResolver } from '../../../components/form/form-resolver';

export interface NewsPostFormProps {
  widgets: Widget[];
  initialValues: PostFormValues;
  /** The widget select is disabled (docs/product.md §5: a filter widget was preselected). */
  widgetLocked: boolean;
  submitLabel: string;
  onSubmit: (values: NewsPostData) => Promise<void>;
  onCancel: () => void;
}

/** The news post form of docs/product.md §5, checked by the shared schema with its messages. */
export function NewsPostForm({
  widgets,
  initialValues,
  widgetLocked,
  submitLabel,
  onSubmit,
  onCancel,
}: NewsPostFormProps) {
  const form = useForm<NewsPostInput, unknown, NewsPostData>({
    resolver: formResolver(newsPostInputSchema),
    defaultValues: initialValues,
  });
  const submit = form.handleSubmit(onSubmit);

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="News post">
      <WidgetSelectField control={form.control} widgets={widgets} locked={widgetLocked} />
      <TextField control={form.control} name="title" label="Title" />
      <TextField control={form.control} name="content" label="Content" type="textarea" />
      <IconField control={form.control} />
      <TextField
        control={form.control}
        name="link"
        label="Link (optional)"
        placeholder="https://example.com/changelog"
      />
      <StatusField control={form.control} />
      <div className="tb-form-actions">
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={form.formState.isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
