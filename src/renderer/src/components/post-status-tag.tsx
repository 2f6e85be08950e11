import type { NewsPost } from '../../../shared/api';
import { StatusTag } from './status-tag/status-tag';

/** A news post's state as a tag, in AA colours: "Published" or "Draft". */
export function PostStatusTag({ status }: { status: NewsPost['status'] }) {
  return status === 'published' ? (
    <StatusTag tone="success">Published</StatusTag>
  ) : (
    <StatusTag tone="neutral">Draft</StatusTag>
  );
}
