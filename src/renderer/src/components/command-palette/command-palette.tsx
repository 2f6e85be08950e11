/**
 * The command palette (Ctrl-K, ⌘-K on a Mac): type to find a screen, an action, a widget or a
 * recent feedback; arrows move, Enter goes, Escape closes. A combobox over a listbox (the WAI-ARIA
 * pattern: focus stays in the field, the active option is `aria-activedescendant`); antd's Modal
 * traps the focus and gives it back where it was on closing. Loaded on first use only
 * (palette-trigger.tsx): nothing of it is in the dashboard's first load.
 */
import { Modal } from 'antd';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PaletteCommand } from './palette-commands';
import { PaletteOptions } from './palette-options';
import { usePaletteResults } from './use-palette-results';
import './command-palette.css';

export interface CommandPaletteProps {
  open: boolean;
  onClose: () => void;
}

export default function CommandPalette({ open, onClose }: CommandPaletteProps) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const { commands, searching } = usePaletteResults(query, open);
  const current = Math.min(active, commands.length - 1);
  const optionId = (index: number) => `${listId}-option-${index}`;

  const run = (command: PaletteCommand | undefined) => {
    if (!command) return;
    onClose();
    void navigate(command.to, { state: command.state });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = commands.length - 1;
    // Up and Down wrap around; Home and End stay the field's, moving its caret.
    const moves: Record<string, number> = {
      ArrowDown: current >= last ? 0 : current + 1,
      ArrowUp: current <= 0 ? last : current - 1,
    };
    const to = moves[event.key];
    if (to !== undefined && commands.length > 0) {
      event.preventDefault();
      setActive(to);
      document.getElementById(optionId(to))?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      run(commands[current]);
    } else if (event.key === 'Tab') {
      // The field is the dialog's one control: the focus stays in it (the options follow the arrows).
      event.preventDefault();
    }
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      afterClose={() => {
        setQuery('');
        setActive(0);
      }}
      afterOpenChange={(opened) => opened && input.current?.focus()}
      title={<span className="tb-visually-hidden">Command palette</span>}
      closable={false}
      footer={null}
      width={600}
      className="tb-palette"
      rootClassName="tb-palette-root"
    >
      <div className="tb-palette-field">
        <svg className="tb-palette-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" />
          <path d="M15.5 15.5 20 20" />
        </svg>
        <input
          ref={input}
          autoFocus
          className="tb-palette-input"
          type="text"
          role="combobox"
          aria-label="Search screens, actions, widgets and feedback"
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={current >= 0 ? optionId(current) : undefined}
          placeholder="Search or jump to…"
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      <PaletteOptions
        id={listId}
        commands={commands}
        active={current}
        optionId={optionId}
        onHover={setActive}
        onRun={run}
      />
      <p className="tb-palette-status" role="status">
        {commands.length === 0 ? (searching ? 'Searching…' : `Nothing found for “${query.trim()}”.`) : ''}
      </p>
      <p className="tb-palette-keys" aria-hidden="true">
        <span>
          <kbd>↑</kbd>
          <kbd>↓</kbd> to move
        </span>
        <span>
          <kbd>Enter</kbd> to open
        </span>
        <span>
          <kbd>Esc</kbd> to close
        </span>
      </p>
    </Modal>
  );
}
