import { Button, type ButtonProps } from 'antd';
import type { Widget } from '../../../../../shared/api';
import { useCan } from '../../../lib/workspace/use-permission';

export interface WidgetActionsProps {
  widget: Widget;
  size: ButtonProps['size'];
  onEdit: (widget: Widget) => void;
  onSnippet: (widget: Widget) => void;
  onDelete: (widget: Widget) => void;
}

/**
 * A widget's actions (docs/product.md §2: edit, snippet, delete), each named for its widget. Edit
 * and Delete only for a role that may change widgets; the snippet is for anyone who reads them.
 */
export function WidgetActions({ widget, size, onEdit, onSnippet, onDelete }: WidgetActionsProps) {
  const writes = useCan('widgets.write');
  return (
    <>
      {writes && (
        <Button size={size} aria-label={`Edit ${widget.name}`} onClick={() => onEdit(widget)}>
          Edit
        </Button>
      )}
      <Button size={size} aria-label={`Snippet of ${widget.name}`} onClick={() => onSnippet(widget)}>
        Snippet
      </Button>
      {writes && (
        <Button size={size} danger aria-label={`Delete ${widget.name}`} onClick={() => onDelete(widget)}>
          Delete
        </Button>
      )}
    </>
  );
}
