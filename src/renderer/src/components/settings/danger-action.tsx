import type { ReactNode } from 'react';

/** One irreversible action in a Danger zone: what it does on the left, its button on the right. */
export function DangerAction({
  title,
  description,
  action = null,
  children = null,
}: {
  title: string;
  description: ReactNode;
  /** The button, beside the text (below it on a phone). */
  action?: ReactNode;
  /** Anything that goes under the text, such as a form or the dialog the button opens. */
  children?: ReactNode;
}) {
  return (
    <div className="tb-danger-action">
      <div className="tb-danger-action-text">
        <h3 className="tb-danger-action-title">{title}</h3>
        <p className="tb-muted">{description}</p>
      </div>
      {action ? <div className="tb-danger-action-button">{action}</div> : null}
      {children}
    </div>
  );
}
