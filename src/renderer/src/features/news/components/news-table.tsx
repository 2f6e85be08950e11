import { Button, Space, Table, Tag, type TableColumnsType } from 'antd';
import type { NewsPost, Widget } from '../../../../../shared/api';
import { EmptyState } from '../../../components/empty-state';
import { RelativeTime } from '../../../components/relative-time';

export interface NewsTableProps {
  posts: NewsPost[];
  widgets: Widget[] | undefined;
  loading: boolean;
  onEdit: (post: NewsPost) => void;
  onDelete: (post: NewsPost) => void;
}

/** The /news table (spec §2): every post's title with its icon, age, status and widget, as text. */
export function NewsTable({ posts, widgets, loading, onEdit, onDelete }: NewsTableProps) {
  const widgetNames = new Map((widgets ?? []).map((widget) => [widget._id, widget.name]));
  const columns: TableColumnsType<NewsPost> = [
    {
      title: 'Title',
      key: 'title',
      render: (_, post) => (
        <span className="tb-news-title">
          <span aria-hidden="true">{post.icon}</span> {post.title}
        </span>
      ),
    },
    { title: 'Created', key: 'created', render: (_, post) => <RelativeTime iso={post.createdAt} /> },
    {
      title: 'Status',
      key: 'status',
      render: (_, post) => (post.status === 'published' ? <Tag color="green">Published</Tag> : <Tag>Draft</Tag>),
    },
    { title: 'Widget', key: 'widget', render: (_, post) => widgetNames.get(post.widgetId) ?? 'Unknown Widget' },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, post) => (
        <Space size="small">
          <Button size="small" onClick={() => onEdit(post)} aria-label={`Edit ${post.title}`}>
            Edit
          </Button>
          <Button size="small" danger onClick={() => onDelete(post)} aria-label={`Delete ${post.title}`}>
            Delete
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Table<NewsPost>
      rowKey="_id"
      columns={columns}
      dataSource={posts}
      loading={loading && posts.length > 0}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{
        emptyText: loading ? <span role="status">Loading...</span> : <EmptyState text="No news posts created yet." />,
      }}
    />
  );
}
