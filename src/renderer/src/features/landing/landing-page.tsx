import { Link, useNavigate } from 'react-router-dom';
import { PLAN_IDS } from '../../../../shared/plans';
import { buttonClass } from '../../components/button-class';
import { PlanCard } from '../../components/plan-card/plan-card';
import { SvgIcon } from '../../components/svg-icon';
import { usePlans } from '../../lib/use-plans';
import { useSessionStore } from '../../stores/session-store';
import { FaqAccordion } from './faq-accordion';
import { FAQ, FEATURES, STEPS } from './landing-content';
import { LiveDemo } from './live-demo';

function LandingNav({ loggedIn }: { loggedIn: boolean }) {
  return (
    <header className="tb-nav">
      <Link to="/" className="tb-brand">
        Tellbox
      </Link>
      <nav aria-label="Main" className="tb-nav-links">
        <a href="#features">Features</a>
        <a href="#pricing">Pricing</a>
        <Link to="/contact">Contact</Link>
        {loggedIn ? <Link to="/dashboard">Dashboard</Link> : <Link to="/login">Sign In</Link>}
      </nav>
    </header>
  );
}

const START_BUTTON = buttonClass({ variant: 'primary', size: 'large' });

/**
 * The plan table arrives from the server after the page is up: only this section draws again
 * then, not the whole page (on a slow phone that redraw is a long task).
 */
function Pricing({ loggedIn }: { loggedIn: boolean }) {
  const tier = useSessionStore((state) => state.subscription.subscription_tier);
  const plans = usePlans();
  return (
    <section id="pricing" className="tb-section" aria-labelledby="pricing-title">
      <h2 id="pricing-title">Pricing</h2>
      <div className="tb-grid tb-plans">
        {PLAN_IDS.map((id) => (
          <PlanCard key={id} plan={plans[id]} loggedIn={loggedIn} currentPlan={loggedIn ? tier : null} />
        ))}
      </div>
    </section>
  );
}

export function LandingPage() {
  const navigate = useNavigate();
  const loggedIn = useSessionStore((state) => state.user !== null);

  return (
    <div className="tb-landing">
      <LandingNav loggedIn={loggedIn} />
      <main>
        <section className="tb-hero">
          <h1>Hear what your visitors really think</h1>
          <p>
            Anonymous feedback and news posts for any website, through one line of script. 5-minute setup, feedback
            within 24 hours.
          </p>
          <div className="tb-hero-actions">
            <button type="button" className={START_BUTTON} onClick={() => void navigate('/login')}>
              Start Free Trial
            </button>
            <a className={buttonClass({ size: 'large' })} href="#demo">
              Play Demo
            </a>
          </div>
        </section>

        <section className="tb-trust" aria-label="Why owners trust Tellbox">
          <span>5-minute setup</span>
          <span>Feedback within 24 hours</span>
          <span>Anonymous by default</span>
          <span>Free plan forever</span>
        </section>

        <section className="tb-section" aria-labelledby="how-title">
          <h2 id="how-title">How it works</h2>
          <ol className="tb-grid tb-steps">
            {STEPS.map((step) => (
              <li key={step.title} className="tb-card">
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section id="features" className="tb-section" aria-labelledby="features-title">
          <h2 id="features-title">Features</h2>
          <div className="tb-grid">
            {FEATURES.map((feature) => (
              <article key={feature.title} className="tb-card">
                <span className="tb-feature-icon">
                  <SvgIcon icon={feature.icon} />
                </span>
                <h3>{feature.title}</h3>
                <p>{feature.text}</p>
              </article>
            ))}
          </div>
        </section>

        <LiveDemo />

        <Pricing loggedIn={loggedIn} />

        <section id="faq" className="tb-section" aria-labelledby="faq-title">
          <h2 id="faq-title">Frequently asked questions</h2>
          <FaqAccordion items={FAQ} />
        </section>

        <section className="tb-section tb-cta" aria-labelledby="cta-title">
          <h2 id="cta-title">Ready to hear from your visitors?</h2>
          <button type="button" className={START_BUTTON} onClick={() => void navigate('/login')}>
            Start Free Trial
          </button>
        </section>
      </main>
      <footer className="tb-footer">
        {/* The build's year until the visitor's clock says otherwise, on New Year's Eve. */}
        <span suppressHydrationWarning>© {new Date().getFullYear()} Tellbox</span>
        <nav aria-label="Footer" className="tb-nav-links">
          <Link to="/privacy-policy">Privacy Policy</Link>
          <Link to="/terms-of-service">Terms of Service</Link>
          <Link to="/contact">Contact</Link>
        </nav>
      </footer>
    </div>
  );
}
