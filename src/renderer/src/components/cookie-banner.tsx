import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { getStorage } from '../lib/storage';
import { buttonClass } from './button-class';
import { SvgIcon } from './svg-icon';

const noChanges = () => () => {};
const noChoiceStored = () => getStorage().get('cookieConsent') === null;

/** The CSS variable the page's bottom padding reads (styles.css): the room the banner takes. */
const SPACE_VARIABLE = '--tb-cookie-banner-space';

/**
 * Keeps the page's bottom padding equal to the banner's height (and its gap) while it shows, so
 * whatever it floats over can always be scrolled clear of it: on a phone, the form's main button.
 */
function useReservedSpace(banner: HTMLElement | null) {
  useEffect(() => {
    if (!banner) return;
    const root = document.documentElement.style;
    const reserve = () => {
      const gap = window.innerHeight - banner.getBoundingClientRect().bottom;
      root.setProperty(SPACE_VARIABLE, `${Math.ceil(banner.offsetHeight + Math.max(gap, 0) * 2)}px`);
    };
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(banner);
    return () => {
      observer.disconnect();
      root.removeProperty(SPACE_VARIABLE);
    };
  }, [banner]);
}

/**
 * docs/product.md §4: shown while no choice is stored; the close icon hides it without storing one. A
 * prerendered page is built with the banner (a first visit's view, so it paints with the page
 * instead of arriving later as the largest thing on a phone's screen) and hydrates with it; a
 * visitor who has chosen sees it go right after.
 */
export function CookieBanner() {
  const open = useSyncExternalStore(noChanges, noChoiceStored, () => true);
  const [dismissed, setDismissed] = useState(false);
  const [banner, setBanner] = useState<HTMLElement | null>(null);
  useReservedSpace(open && !dismissed ? banner : null);
  if (!open || dismissed) return null;

  const choose = (value: 'accepted' | 'declined') => {
    getStorage().set('cookieConsent', value);
    setDismissed(true);
  };

  return (
    <section ref={setBanner} className="tb-cookie-banner" role="region" aria-label="Cookie consent">
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
