import { Alert, Button, Card } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { planFeatures } from '../../../../../shared/plans';
import { checkoutInputSchema, type PaidPlanId } from '../../../../../shared/schemas';
import { paths } from '../../../config/paths';
import { PlanPrice } from '../../../components/plan-card/plan-price';
import { useStartCheckout } from '../../../lib/owner-data/use-start-checkout';
import { isDesktop } from '../../../lib/platform';
import { usePlans } from '../../../lib/use-plans';
import { useToast } from '../../../lib/use-toast';
import { useSessionStore } from '../../../stores/session-store';

/** docs/product.md §9: once the checkout tab is open, /settings follows after this long. */
export const CHECKOUT_REDIRECT_MS = 2000;

function usePlanParam(): PaidPlanId | null {
  const [params] = useSearchParams();
  const parsed = checkoutInputSchema.safeParse({ plan: params.get('plan') });
  return parsed.success ? parsed.data.plan : null;
}

/** `/checkout?plan=pro|premium`: the plan's summary and Continue to Payment (docs/product.md §2, §4). */
export function CheckoutPage() {
  const plan = usePlanParam();
  const navigate = useNavigate();
  const toast = useToast();
  const checkout = useStartCheckout();
  const plans = usePlans();
  const subscription = useSessionStore((state) => state.subscription);
  const [opened, setOpened] = useState(false);
  const warned = useRef(false);

  useEffect(() => {
    if (plan || warned.current) return;
    warned.current = true;
    toast.error('Invalid plan', 'Please select a valid plan.');
    void navigate(paths.home, { replace: true });
  }, [plan, toast, navigate]);

  useEffect(() => {
    if (!opened) return;
    const timer = window.setTimeout(() => void navigate(paths.billing), CHECKOUT_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [opened, navigate]);

  if (!plan) return null;
  // The desktop app hands the checkout to the system browser (docs/product.md §2: a new tab, on the web).
  const whereCheckoutOpens = isDesktop() ? 'your browser' : 'a new tab';
  const details = plans[plan];
  // The server refuses a second checkout; a paying owner changes plan in the settings instead.
  const alreadyPaying = subscription.isActive;

  const onContinue = async () => {
    try {
      await checkout.mutateAsync(plan);
      setOpened(true);
    } catch {
      toast.error('Checkout failed', 'There was an error creating the checkout session.');
    }
  };

  return (
    <div className="tb-narrow-page">
      <div className="tb-page-header">
        <h1>Checkout</h1>
      </div>
      <Card title={<h2 className="tb-card-title">{details.name} plan</h2>}>
        <PlanPrice plan={details} />
        <p>{details.description}</p>
        <ul className="tb-check-list" aria-label={`${details.name} plan includes`}>
          {planFeatures(details).map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        {alreadyPaying ? (
          <Alert
            className="tb-settings-notice"
            type="info"
            showIcon
            title="You already have a paid plan."
            description={
              <>
                Change plans in <Link to={paths.billing}>Settings › Plan &amp; billing</Link>, where the change is
                prorated.
              </>
            }
          />
        ) : null}
        <Button
          type="primary"
          size="large"
          block
          disabled={alreadyPaying || opened}
          loading={checkout.isPending}
          onClick={() => void onContinue()}
        >
          {checkout.isPending ? 'Starting checkout...' : 'Continue to Payment'}
        </Button>
        <p className="tb-muted tb-checkout-note">
          Payment is secured by our card payment provider and opens in {whereCheckoutOpens}.
        </p>
        {opened ? (
          <p role="status">The checkout opened in {whereCheckoutOpens}. Taking you to your settings...</p>
        ) : null}
      </Card>
    </div>
  );
}
