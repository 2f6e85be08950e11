import { useId, useState } from 'react';

export interface FaqItem {
  question: string;
  answer: string;
}

/**
 * The FAQ as an accordion: one answer open at a time. Each question is a heading holding a
 * button that shows or hides its answer (the WAI-ARIA accordion pattern). Not tabs: a tab list may
 * hold only tabs, so an open answer inside one is a critical accessibility fault.
 */
export function FaqAccordion({ items }: { items: FaqItem[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const id = useId();
  const toggle = (index: number) => setOpen((current) => (current === index ? null : index));

  return (
    <div className="tb-accordion">
      {items.map((item, index) => {
        const expanded = open === index;
        return (
          <div
            key={item.question}
            className={expanded ? 'tb-accordion-item tb-accordion-item-open' : 'tb-accordion-item'}
          >
            <h3 className="tb-accordion-heading">
              <button
                type="button"
                id={`${id}-q${index}`}
                className="tb-accordion-question"
                aria-expanded={expanded}
                aria-controls={`${id}-${index}`}
                onClick={() => toggle(index)}
              >
                <span aria-hidden="true" className="tb-accordion-arrow">
                  ›
                </span>
                {item.question}
              </button>
            </h3>
            <div
              id={`${id}-${index}`}
              className="tb-accordion-answer"
              role="region"
              aria-labelledby={`${id}-q${index}`}
              hidden={!expanded}
            >
              <p>{item.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
