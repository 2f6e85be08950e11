import type { ReactNode } from 'react';

/**
 * A browser window drawn around each side of the demo, its address bar saying where we are: the
 * owner's console, or a customer's shop with the widget on it.
 */
export function DemoWindow({ address, children }: { address: string; children: ReactNode }) {
  return (
    <div className="tb-ld-window">
      <div className="tb-ld-window-bar" aria-hidden="true">
        <span className="tb-ld-window-dots">
          <span />
          <span />
          <span />
        </span>
        <span className="tb-ld-window-address">{address}</span>
      </div>
      {children}
    </div>
  );
}
