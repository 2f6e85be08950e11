import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { endSession } from '../../lib/session';
import { useToast } from '../../lib/use-toast';
import { useSessionStore } from '../../stores/session-store';

/** A bare /dashboard until the dashboard issue lands: welcome and Logout. */
export function DashboardPlaceholder() {
  const user = useSessionStore((state) => state.user);
  const navigate = useNavigate();
  const toast = useToast();

  const logout = () => {
    endSession();
    toast.success('Logged out', 'You have been logged out successfully.');
    void navigate('/login');
  };

  return (
    <main className="tb-public-card">
      <h1>Welcome, {user?.name}</h1>
      <p>Your dashboard is on its way.</p>
      <Button onClick={logout}>Logout</Button>
    </main>
  );
}
