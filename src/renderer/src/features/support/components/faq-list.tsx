import { Collapse } from 'antd';
import { EmptyState } from '../../../components/empty-state';
import type { FaqItem } from '../faq';

/** The FAQ accordion: one answer open at a time, and the open one closes again on a click. */
export function FaqList({ items }: { items: FaqItem[] }) {
  if (items.length === 0) return <EmptyState text="No FAQs found matching your search" />;
  return (
    <Collapse
      accordion
      items={items.map((item) => ({
        key: item.question,
        label: item.question,
        children: <p className="tb-faq-answer">{item.answer}</p>,
      }))}
    />
  );
}
