import { Link } from 'react-router-dom';
import { PublicPage } from '../../components/public-page';

export function NotFoundPage() {
  return (
    <PublicPage title="404">
      <p>Oops! Page not found</p>
      <p>
        <Link to="/">Return to Home</Link>
      </p>
    </PublicPage>
  );
}
