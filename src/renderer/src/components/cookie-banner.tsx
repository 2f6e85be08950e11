import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { getStorage } from '../lib/storage';
import { buttonClass } from './button-class';

/**
 * Spec §4: shown while no choice is stored; the close icon hides it without storing one. The
 * stored choice is read after the first render: a prerendered page hydrates as the build drew it
 * (without the banner), then the banner appears for a visitor who has not chosen yet.
 */
export function CookieBanner() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    setOpen(getStorage().get('cookieConsent') === null);
  }, []);
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
        <button type="button" className={buttonClass({ variant: 'primary' })} onClick={() => choose('accepted')}>
          Accept All
        </button>
        <button type="button" className={buttonClass()} onClick={() => choose('declined')}>
          Decline
        </button>
        <button
          type="button"
          className={buttonClass({ variant: 'text' })}
          aria-label="Close"
          onClick={() => setOpen(false)}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </section>
  );
}
