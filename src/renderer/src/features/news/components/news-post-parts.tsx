import { Button, type ButtonProps } from 'antd';
import type { NewsPost } from '../../../../../shared/api';
import { ClampedText } from '../../../components/list/clamped-text';
import { PostStatusTag } from '../../../components/post-status-tag';

/** A post's icon (an emoji the owner chose: decoration) before its title, cut to a few lines. */
export function PostTitle({ post, lines }: { post: NewsPost; lines: 2 | 3 }) {
  return (
    <span className="tb-news-title">
      <span aria-hidden="true" className="tb-news-icon">
        {post.icon}
      </span>
      <ClampedText text={post.title} lines={lines} />
    </span>
  );
}

/** docs/product.md §2: Published or Draft. */
export function PostStatus({ post }: { post: NewsPost }) {
  return <PostStatusTag status={post.status} />;
}

export interface PostActionsProps {
  post: NewsPost;
  size: ButtonProps['size'];
  onEdit: (post: NewsPost) => void;
  onDelete: (post: NewsPost) => void;
}

/** A post's actions (docs/product.md §2: edit, delete), each named for its post. */
export function PostActions({ post, size, onEdit, onDelete }: PostActionsProps) {
  return (
    <>
      <Button size={size} onClick={() => onEdit(post)} aria-label={`Edit ${post.title}`}>
        Edit
      </Button>
      <Button size={size} danger onClick={() => onDelete(post)} aria-label={`Delete ${post.title}`}>
        Delete
      </Button>
    </>
  );
}
