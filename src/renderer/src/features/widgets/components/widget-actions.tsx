import { Button, type ButtonProps } from 'antd';
import type { Widget } from '../../../../../shared/api';

export interface WidgetActionsProps {
  widget: Widget;
  size: ButtonProps['size'];
  onEdit: (widget: Widget) => void;
  onSnippet: (widget: Widget) => void;
  onDelete: (widget: Widget) => void;
}

/** A widget's actions (docs/product.md §2: edit, snippet, delete), each named for its widget. */
export function WidgetActions({ widget, size, onEdit, onSnippet, onDelete }: WidgetActionsProps) {
  return (
    <>
      <Button size={size} aria-label={`Edit ${widget.name}`} onClick={() => onEdit(widget)}>
        Edit
      </Button>
      <Button size={size} aria-label={`Snippet of ${widget.name}`} onClick={() => onSnippet(widget)}>
        Snippet
      </Button>
      <Button size={size} danger aria-label={`Delete ${widget.name}`} onClick={() => onDelete(widget)}>
        Delete
      </Button>
    </>
  );
}
