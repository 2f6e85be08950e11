import { Empty } from 'antd';

/** A list with nothing in it yet, in the product's words (docs/product.md §2). */
export function EmptyState({ text }: { text: string }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;
}
