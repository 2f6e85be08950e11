import { Button } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { getStorage } from '../lib/storage';

/** Spec §4: shown while no choice is stored; the close icon hides it without storing one. */
export function CookieBanner() {
  const [open, setOpen] = useState(() => getStorage().get('cookieConsent') === null);
  if (!open) return null;

  const choose = (value: 'accepted' | 'declined') => {
    getStorage().set('cookieConsent', value);
    setOpen(false);
  };

  return (
    <section className="tb-cookie-banner" role="region" aria-label="Cookie consent">
      <p>
        We use cookies and your browser&apos;s storage to keep you signed in and remember your choices. See our{' '}
        <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>
      <div className="tb-cookie-actions">
        <Button type="primary" onClick={() => choose('accepted')}>
          Accept All
        </Button>
        <Button onClick={() => choose('declined')}>Decline</Button>
        <Button type="text" aria-label="Close" onClick={() => setOpen(false)}>
          <span aria-hidden="true">×</span>
        </Button>
      </div>
    </section>
  );
}
