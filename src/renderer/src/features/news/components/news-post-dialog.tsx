import { Modal } from 'antd';
import type { NewsPost, Widget } from '../../../../../shared/api';
import type { NewsPostData } from '../../../../../shared/schemas/news';
import { newPostValues, postValues } from '../utils/post-form-values';
import { NewsPostForm } from './news-post-form';
import { NoWidgetNotice } from './no-widget-notice';

/** What the dialog is doing: nothing, creating a post, or editing one. */
export type PostEditing = null | { mode: 'create' } | { mode: 'edit'; post: NewsPost };

export interface NewsPostDialogProps {
  editing: PostEditing;
  /** Undefined while the owner's widgets load. */
  widgets: Widget[] | undefined;
  /** The page's widget filter: preselects the widget and locks the select. */
  filterWidgetId: string | null;
  onSave: (values: NewsPostData) => Promise<void>;
  onClose: () => void;
}

/** Create News Post / Edit News Post: the post form, or where to get a widget when there is none. */
export function NewsPostDialog({ editing, widgets, filterWidgetId, onSave, onClose }: NewsPostDialogProps) {
  const creating = editing?.mode === 'create';
  // The only widget there is needs no choosing (every free account has exactly one).
  const soleWidget = widgets?.length === 1 ? (widgets[0]?._id ?? null) : null;
  return (
    <Modal
      title={creating ? 'Create News Post' : 'Edit News Post'}
      open={editing !== null}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {editing &&
        (!widgets ? (
          <p role="status">Loading...</p>
        ) : widgets.length === 0 ? (
          <NoWidgetNotice />
        ) : (
          <NewsPostForm
            widgets={widgets}
            initialValues={
              editing.mode === 'edit' ? postValues(editing.post) : newPostValues(filterWidgetId ?? soleWidget)
            }
            widgetLocked={filterWidgetId !== null}
            submitLabel={creating ? 'Create Post' : 'Save Changes'}
            onSubmit={onSave}
            onCancel={onClose}
          />
        ))}
    </Modal>
  );
}
