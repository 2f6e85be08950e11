import { useId, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: string;
  children: ReactNode;
}

/** Tabs in plain HTML (the WAI-ARIA tabs pattern): arrow keys move between them, the active panel shows. */
export function Tabs<K extends string>({
  items,
  activeKey,
  onChange,
}: {
  items: TabItem<K>[];
  activeKey: K;
  onChange: (key: K) => void;
}) {
  const id = useId();
  const onKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    const next = items[(index + step + items.length) % items.length];
    if (!next) return;
    onChange(next.key);
    document.getElementById(`${id}-tab-${next.key}`)?.focus();
  };
  const active = items.find((item) => item.key === activeKey);
  return (
    <div className="tb-tabs">
      <div className="tb-tabs-list" role="tablist">
        {items.map((item, index) => {
          const selected = item.key === activeKey;
          return (
            <button
              key={item.key}
              id={`${id}-tab-${item.key}`}
              type="button"
              role="tab"
              className={selected ? 'tb-tab tb-tab-active' : 'tb-tab'}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(item.key)}
              onKeyDown={(event) => onKey(event, index)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${activeKey}`} className="tb-tab-panel">
        {active?.children}
      </div>
    </div>
  );
}
