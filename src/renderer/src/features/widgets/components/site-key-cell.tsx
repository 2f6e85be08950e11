import type { ButtonProps } from 'antd';
import type { Widget } from '../../../../../shared/api';
import { shortenSiteKey } from '../utils/site-key';
import { CopyButton } from './copy-button';

/** The site key column: the first 8 characters and a button copying the whole key (docs/product.md §2). */
export function SiteKeyCell({ widget, buttonSize }: { widget: Widget; buttonSize?: ButtonProps['size'] }) {
  return (
    <span className="tb-site-key">
      <code title={widget.key}>{shortenSiteKey(widget.key)}</code>
      <CopyButton text={widget.key} label={`Copy site key of ${widget.name}`} size={buttonSize} />
    </span>
  );
}
