import type { TableColumnsType } from 'antd';
import type { NewsPost } from '../../../../../shared/api';
import { ClampedText } from '../../../components/list/clamped-text';
import { RelativeTime } from '../../../components/relative-time';
import { PostActions, type PostActionsProps, PostStatus, PostTitle } from './news-post-parts';

type Columns = TableColumnsType<NewsPost>;

/** Without `onEdit` and `onDelete` (a role that may not write posts), the list has no Actions. */
export interface NewsColumnsOptions extends Partial<Omit<PostActionsProps, 'post' | 'size'>> {
  /** A post's widget by name, or Unknown Widget. */
  widgetName: (post: NewsPost) => string;
}

// Widths in px, padding included; the title takes what is left.
function actionsColumn({ onEdit, onDelete }: NewsColumnsOptions): Columns {
  if (!onEdit || !onDelete) return [];
  return [
    {
      title: 'Actions',
      key: 'actions',
      width: 144,
      render: (_, post) => (
        <span className="tb-cell-actions">
          <PostActions post={post} size="small" onEdit={onEdit} onDelete={onDelete} />
        </span>
      ),
    },
  ];
}

/** From 1280 px: the columns of docs/product.md §2, each on its own. */
export function fullNewsColumns(options: NewsColumnsOptions): Columns {
  return [
    { title: 'Title', key: 'title', render: (_, post) => <PostTitle post={post} lines={2} /> },
    { title: 'Created', key: 'created', width: 136, render: (_, post) => <RelativeTime iso={post.createdAt} /> },
    { title: 'Status', key: 'status', width: 112, render: (_, post) => <PostStatus post={post} /> },
    {
      title: 'Widget',
      key: 'widget',
      width: 176,
      render: (_, post) => <ClampedText text={options.widgetName(post)} lines={2} />,
    },
    ...actionsColumn(options),
  ];
}

/** From 768 to 1279 px: the title over its status, age and widget, and the actions. */
export function compactNewsColumns(options: NewsColumnsOptions): Columns {
  return [
    {
      title: 'Title',
      key: 'title',
      render: (_, post) => (
        <span className="tb-cell-stack">
          <PostTitle post={post} lines={2} />
          <span className="tb-news-meta">
            <PostStatus post={post} />
            <RelativeTime iso={post.createdAt} className="tb-cell-note" />
            <ClampedText text={options.widgetName(post)} lines={1} className="tb-cell-note tb-news-widget" />
          </span>
        </span>
      ),
    },
    ...actionsColumn(options),
  ];
}
