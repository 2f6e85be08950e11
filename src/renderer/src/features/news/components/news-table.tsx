import type { NewsPost, Widget } from '../../../../../shared/api';
import { Button } from 'antd';
import { NewsArt } from '../../../components/empty-art/news-art';
import { EmptyState } from '../../../components/empty-state';
import { ListTable } from '../../../components/list/list-table';
import { useListLayout } from '../../../lib/use-list-layout';
import { NewsCards } from './news-cards';
import { compactNewsColumns, fullNewsColumns } from './news-columns';
import './news-table.css';

export interface NewsTableProps {
  posts: NewsPost[];
  widgets: Widget[] | undefined;
  loading: boolean;
  /** Absent for a role that may not write posts: the list is then read only. */
  onEdit?: (post: NewsPost) => void;
  onDelete?: (post: NewsPost) => void;
  /** Opens the create dialog; absent for a role that may not write posts. */
  onCreate?: () => void;
}

/**
 * The /news list (docs/product.md §2): every post's title with its icon, age, status and widget, as text. A
 * table as wide as the page (the title over the rest below 1280 px), cards on a phone.
 */
export function NewsTable({ posts, widgets, loading, onEdit, onDelete, onCreate }: NewsTableProps) {
  const layout = useListLayout();
  const widgetNames = new Map((widgets ?? []).map((widget) => [widget._id, widget.name]));
  const options = {
    widgetName: (post: NewsPost) => widgetNames.get(post.widgetId) ?? 'Unknown Widget',
    onEdit,
    onDelete,
  };
  const empty = loading ? (
    <span role="status">Loading...</span>
  ) : (
    <EmptyState
      illustration={<NewsArt />}
      text="No news posts created yet."
      action={
        onCreate && (
          <Button type="primary" onClick={onCreate}>
            Write your first post
          </Button>
        )
      }
    />
  );
  const busy = loading && posts.length > 0;

  if (layout === 'cards') return <NewsCards posts={posts} loading={busy} empty={empty} {...options} />;
  return (
    <ListTable<NewsPost>
      rowKey="_id"
      columns={(layout === 'full' ? fullNewsColumns : compactNewsColumns)(options)}
      dataSource={posts}
      loading={busy}
      locale={{ emptyText: empty }}
    />
  );
}
