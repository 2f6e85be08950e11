import { Link } from 'react-router-dom';
import { PublicPage } from '../../components/public-page';
import { SUPPORT_EMAIL } from '../../config/paths';

export function ContactPage() {
  return (
    <PublicPage title="Contact">
      <p>
        Questions, problems or ideas? Write to us at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
      <p>We reply within 24 hours.</p>
      <p>
        <Link to="/">Back to Home</Link>
      </p>
    </PublicPage>
  );
}
