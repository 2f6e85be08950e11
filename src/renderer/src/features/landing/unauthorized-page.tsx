import { Link } from 'react-router-dom';
import { PublicPage } from '../../components/public-page';

export function UnauthorizedPage() {
  return (
    <PublicPage title="Access Denied">
      <p>You must be logged in to view this page.</p>
      <p className="tb-link-row">
        <Link to="/login">Login</Link>
        <Link to="/">Go Home</Link>
      </p>
    </PublicPage>
  );
}
