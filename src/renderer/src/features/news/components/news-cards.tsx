import type { ReactNode } from 'react';
import type { NewsPost } from '../../../../../shared/api';
import { ClampedText } from '../../../components/list/clamped-text';
import { ListCard, ListCards } from '../../../components/list/list-cards';
import { RelativeTime } from '../../../components/relative-time';
import type { NewsColumnsOptions } from './news-columns';
import { PostActions, PostStatus, PostTitle } from './news-post-parts';

export interface NewsCardsProps extends NewsColumnsOptions {
  posts: NewsPost[];
  loading: boolean;
  empty: ReactNode;
}

/** The news posts on a phone: a card per post with its status, age, widget and actions. */
export function NewsCards({ posts, loading, empty, widgetName, onEdit, onDelete }: NewsCardsProps) {
  return (
    <ListCards
      label="News Posts"
      items={posts}
      itemKey={(post) => post._id}
      loading={loading}
      empty={empty}
      renderCard={(post) => (
        <ListCard
          title={<PostTitle post={post} lines={3} />}
          aside={<PostStatus post={post} />}
          fields={[
            { label: 'Created', value: <RelativeTime iso={post.createdAt} /> },
            { label: 'Widget', value: <ClampedText text={widgetName(post)} lines={2} /> },
          ]}
          actions={
            onEdit && onDelete ? (
              <PostActions post={post} size="middle" onEdit={onEdit} onDelete={onDelete} />
            ) : undefined
          }
        />
      )}
    />
  );
}
