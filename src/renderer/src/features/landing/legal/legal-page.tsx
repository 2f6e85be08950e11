import { Link } from 'react-router-dom';
import { PublicPage } from '../../../components/public-page';
import { formatLongDate } from '../../../utils/format-date';

export interface LegalSection {
  heading: string;
  text: string;
}

/** Both legal texts were last updated in July 2025 (docs/product.md §2). */
const LAST_UPDATED = new Date(Date.UTC(2025, 6, 1));

export function LegalPage({ title, sections }: { title: string; sections: LegalSection[] }) {
  return (
    <PublicPage title={title} wide>
      <p className="tb-muted">Last updated: {formatLongDate(LAST_UPDATED, { day: false })}</p>
      {sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          <p>{section.text}</p>
        </section>
      ))}
      <p>
        <Link to="/">Back to Home</Link>
      </p>
    </PublicPage>
  );
}
