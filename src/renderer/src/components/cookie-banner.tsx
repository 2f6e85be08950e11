import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import { useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { getStorage } from '../lib/storage';
import { buttonClass } from './button-class';
import { SvgIcon } from './svg-icon';

const noChanges = () => () => {};
const noChoiceStored = () => getStorage().get('cookieConsent') === null;

/**
 * docs/product.md §4: shown while no choice is stored; the close icon hides it without storing one. A
 * prerendered page is built with the banner (a first visit's view, so it paints with the page
 * instead of arriving later as the largest thing on a phone's screen) and hydrates with it; a
 * visitor who has chosen sees it go right after.
 */
export function CookieBanner() {
  const open = useSyncExternalStore(noChanges, noChoiceStored, () => true);
  const [dismissed, setDismissed] = useState(false);
  if (!open || dismissed) return null;

  const choose = (value: 'accepted' | 'declined') => {
    getStorage().set('cookieConsent', value);
    setDismissed(true);
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
          onClick={() => setDismissed(true)}
        >
          <SvgIcon icon={CloseOutlined} />
        </button>
      </div>
    </section>
  );
}
