import { Button, Modal } from 'antd';
import './keyboard-shortcuts-dialog.css';

/** The inbox's keys, as the owner presses them (see use-triage-keys.ts); `triage`: they change entries. */
export const TRIAGE_SHORTCUTS: readonly { keys: string[]; action: string; triage?: true }[] = [
  { keys: ['j', 'k'], action: 'Open the next / previous feedback' },
  { keys: ['←', '→'], action: 'Previous / next, with one open' },
  { keys: ['Enter'], action: 'Open the focused feedback' },
  { keys: ['Esc'], action: 'Close it, back to the list' },
  { keys: ['e'], action: 'Mark resolved', triage: true },
  { keys: ['s'], action: 'Mark spam', triage: true },
  { keys: ['x'], action: 'Select or unselect it', triage: true },
  { keys: ['?'], action: 'Show these keys' },
];

/**
 * The keys of /feedback, listed when the owner presses `?`: those that change entries only for a
 * role that may triage (`triage`), as the keys themselves do nothing for another.
 */
export function KeyboardShortcutsDialog({
  open,
  triage = true,
  onClose,
}: {
  open: boolean;
  triage?: boolean;
  onClose: () => void;
}) {
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
        {TRIAGE_SHORTCUTS.filter((shortcut) => triage || !shortcut.triage).map(({ keys, action }) => (
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
