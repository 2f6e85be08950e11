import { Card, Spin } from 'antd';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';

/** A dashboard list card: its title as a heading, then a spinner, the empty state or the items. */
export function FeedCard({
  title,
  loading,
  emptyText,
  children,
}: {
  title: string;
  loading: boolean;
  emptyText: string;
  /** The list items; none shows the empty state. */
  children: ReactNode[];
}) {
  let body: ReactNode;
  if (loading) body = <Spin aria-label={`Loading ${title}`} />;
  else if (children.length === 0) body = <EmptyState compact text={emptyText} />;
  else body = <ul className="tb-feed">{children}</ul>;
  return (
    <Card className="tb-feed-card" title={<h2 className="tb-card-title">{title}</h2>}>
      {body}
    </Card>
  );
}
