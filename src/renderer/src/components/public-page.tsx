import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The frame of the public, single-column pages: brand link and a centred card. */
export function PublicPage({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className="tb-public">
      <header className="tb-public-header">
        <Link to="/" className="tb-brand">
          Tellbox
        </Link>
      </header>
      <main className={wide ? 'tb-public-card tb-public-card-wide' : 'tb-public-card'}>
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  );
}
