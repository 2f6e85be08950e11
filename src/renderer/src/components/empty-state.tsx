import { Empty } from 'antd';

/** A list with nothing in it yet, in the spec's words. */
export function EmptyState({ text }: { text: string }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;
}
