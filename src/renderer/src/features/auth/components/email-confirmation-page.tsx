import { Link } from 'react-router-dom';
import { PublicPage } from '../../../components/public-page';

export function EmailConfirmationPage() {
  return (
    <PublicPage title="Check your email">
      <p>We sent a confirmation link to your email address. Click it to activate your account.</p>
      <p>Please check your inbox and your spam folder.</p>
      <p>
        <Link to="/login">Back to Login</Link>
      </p>
    </PublicPage>
  );
}
