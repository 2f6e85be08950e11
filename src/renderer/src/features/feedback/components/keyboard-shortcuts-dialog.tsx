import { Button, Modal } from 'antd';
import './keyboard-shortcuts-dialog.css';

/** The inbox's keys, as the owner presses them (see use-triage-keys.ts). */
export const TRIAGE_SHORTCUTS: readonly { keys: string[]; action: string }[] = [
  { keys: ['j', 'k'], action: 'Next / previous feedback' },
  { keys: ['Enter'], action: 'Open its details' },
  { keys: ['←', '→'], action: 'Previous / next, in the details' },
  { keys: ['e'], action: 'Mark resolved' },
  { keys: ['s'], action: 'Mark spam' },
  { keys: ['x'], action: 'Select or unselect it' },
  { keys: ['?'], action: 'Show these keys' },
];

/** The keys of /feedback, listed when the owner presses `?`. */
export function KeyboardShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      title="Keyboard shortcuts"
      open={open}
      onCancel={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
      width={420}
      destroyOnHidden
    >
      <dl className="tb-shortcuts">
        {TRIAGE_SHORTCUTS.map(({ keys, action }) => (
          <div key={action} className="tb-shortcut">
            <dt>
              {keys.map((key, index) => (
                <span key={key}>
                  {index > 0 && ' '}
                  <kbd>{key}</kbd>
                </span>
              ))}
            </dt>
            <dd>{action}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
