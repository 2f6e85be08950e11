import { useId, useState, type KeyboardEvent } from 'react';

export interface FaqItem {
  question: string;
  answer: string;
}

/**
 * The FAQ as an accordion: one answer open at a time, each question a tab that opens by click,
 * Enter or Space (antd's accordion pattern, without antd on the landing page).
 */
export function FaqAccordion({ items }: { items: FaqItem[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const id = useId();
  const toggle = (index: number) => setOpen((current) => (current === index ? null : index));
  const onKey = (event: KeyboardEvent, index: number) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    toggle(index);
  };

  return (
    <div className="tb-accordion" role="tablist">
      {items.map((item, index) => {
        const expanded = open === index;
        return (
          <div
            key={item.question}
            className={expanded ? 'tb-accordion-item tb-accordion-item-open' : 'tb-accordion-item'}
          >
            <div
              className="tb-accordion-question"
              role="tab"
              tabIndex={0}
              aria-expanded={expanded}
              aria-controls={`${id}-${index}`}
              onClick={() => toggle(index)}
              onKeyDown={(event) => onKey(event, index)}
            >
              <span aria-hidden="true" className="tb-accordion-arrow">
                ›
              </span>
              {item.question}
            </div>
            <div id={`${id}-${index}`} className="tb-accordion-answer" role="tabpanel" hidden={!expanded}>
              <p>{item.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
