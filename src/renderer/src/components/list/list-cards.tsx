import { Spin } from 'antd';
import type { Key, LiHTMLAttributes, ReactNode } from 'react';
import './list-cards.css';

export interface ListCardsProps<T> {
  /** Names the list for assistive technology, as the page's heading does ("Feedback"). */
  label: string;
  items: T[];
  itemKey: (item: T) => Key;
  renderCard: (item: T) => ReactNode;
  /** A spinner over the cards while a new page of them loads. */
  loading: boolean;
  /** What shows instead of an empty list (the screen's empty text from docs/product.md §2, or Loading...). */
  empty: ReactNode;
  /** More attributes of a card's list item (a list that a keyboard moves through focuses them). */
  itemProps?: (item: T, index: number) => LiHTMLAttributes<HTMLLIElement>;
}

/**
 * A list as one card per row, for a phone: where a table would scroll sideways, every value wraps
 * inside the screen's width and every action is a full-size button.
 */
export function ListCards<T>({ label, items, itemKey, renderCard, loading, empty, itemProps }: ListCardsProps<T>) {
  if (items.length === 0) return <div className="tb-list-cards-empty">{empty}</div>;
  return (
    <Spin spinning={loading}>
      <ul className="tb-list-cards" aria-label={label} aria-busy={loading || undefined}>
        {items.map((item, index) => {
          const { className, ...props } = itemProps?.(item, index) ?? {};
          return (
            // `data-row-key` as antd's table rows have it: the same code finds a row or a card.
            <li
              key={itemKey(item)}
              data-row-key={itemKey(item)}
              className={['tb-list-card', className].filter(Boolean).join(' ')}
              {...props}
            >
              {renderCard(item)}
            </li>
          );
        })}
      </ul>
    </Spin>
  );
}

export interface CardField {
  label: string;
  value: ReactNode;
}

export interface ListCardProps {
  /** The row's name (a widget's, a post's title, a feedback's author). */
  title: ReactNode;
  /** Beside the title, small: a status or an age. */
  aside?: ReactNode;
  /** Under the title, before the fields: the row's main text. */
  body?: ReactNode;
  /** The other columns, as "label value" lines. */
  fields: CardField[];
  /** The row's buttons; none where the role in hand may do nothing with it. */
  actions?: ReactNode;
  /** After the actions: what a table row would expand to. */
  footer?: ReactNode;
}

/** One card of ListCards: the title, the values as label/value lines, then the row's actions. */
export function ListCard({ title, aside, body, fields, actions, footer }: ListCardProps) {
  return (
    <>
      <div className="tb-list-card-head">
        <div className="tb-list-card-title">{title}</div>
        {aside && <div className="tb-list-card-aside">{aside}</div>}
      </div>
      {body && <div className="tb-list-card-body">{body}</div>}
      {fields.length > 0 && (
        <dl className="tb-list-card-fields">
          {fields.map((field) => (
            <div key={field.label} className="tb-list-card-field">
              <dt>{field.label}</dt>
              <dd>{field.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {actions ? <div className="tb-list-card-actions">{actions}</div> : null}
      {footer}
    </>
  );
}
