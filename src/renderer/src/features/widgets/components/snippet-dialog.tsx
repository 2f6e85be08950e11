import { Modal } from 'antd';
import type { Widget } from '../../../../../shared/api';
import { CopyButton } from './copy-button';

/** The installation snippet of one widget, read-only, with a copy button (docs/product.md §2). */
export function SnippetDialog({ widget, onClose }: { widget: Widget | null; onClose: () => void }) {
  return (
    <Modal
      open={widget !== null}
      title={widget ? `Install ${widget.name}` : 'Install'}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {widget && (
        <>
          <p>
            Paste this line into your site&apos;s HTML, just before <code>&lt;/body&gt;</code>. The widget appears on
            the next page load.
          </p>
          <pre className="tb-snippet" aria-label="Installation snippet" tabIndex={0}>
            <code>{widget.snippet}</code>
          </pre>
          <CopyButton text={widget.snippet} label="Copy snippet" />
        </>
      )}
    </Modal>
  );
}
