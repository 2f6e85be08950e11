import type { ReactNode } from 'react';
import './danger-zone.css';

/**
 * What cannot be undone (deleting the account, deleting or leaving the workspace), set apart at the
 * foot of its section so nobody meets it first or reaches it by accident.
 */
export function DangerZone({ children }: { children: ReactNode }) {
  return (
    <section className="tb-danger-zone" aria-labelledby="danger-zone-title">
      <h2 id="danger-zone-title" className="tb-danger-zone-title">
        Danger zone
      </h2>
      <div className="tb-danger-zone-box">{children}</div>
    </section>
  );
}
