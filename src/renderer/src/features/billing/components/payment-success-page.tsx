import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { ownerKeys } from '../../../lib/owner-data/query-keys';
import { refreshSubscription } from '../../../lib/session';
import { usePlans } from '../../../lib/use-plans';
import { useToast } from '../../../lib/use-toast';
import { useSessionStore, type SubscriptionStatus } from '../../../stores/session-store';
import { formatLongDate } from '../../../utils/format-date';
import { refreshSubscriptionStatus } from '../../../lib/owner-data/refresh-subscription-status';

/** docs/product.md §9: the "Updating your account..." spinner shows for about this long. */
export const PAYMENT_SPINNER_MS = 2000;

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/**
 * `/payment-success` reached without a checkout session (a bookmark, a typed address): no payment
 * to speak of, so nothing is claimed and nothing refreshed; the plans are a link away.
 */
function NoCheckoutSession() {
  return (
    <Card className="tb-narrow-page">
      <Result
        status="info"
        title={<h1 className="tb-result-title">No payment to confirm</h1>}
        subTitle="This page confirms a payment when you come back from checkout. Your plan and its limits are in your settings."
        extra={<Link to={paths.billing}>See your plan and the others in Settings</Link>}
      />
    </Card>
  );
}

/**
 * `/payment-success?session_id`: the plan is refreshed, then the way on (docs/product.md §2, §4, §8).
 * The session id only says a checkout came back; the owner reads what it started instead.
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  return params.get('session_id') ? <ConfirmedPayment /> : <NoCheckoutSession />;
}

/** What the payment started and what happens next, once the subscription has been re-read. */
function WhatHappensNext({ subscription }: { subscription: SubscriptionStatus }) {
  const plan = usePlans()[subscription.subscription_tier];
  if (!subscription.isActive) {
    // With Stripe the plan starts when its confirmation arrives, a moment after the payment.
    return (
      <>
        Your payment went through. Your new plan appears in Settings as soon as the payment provider confirms it,
        usually within a minute.
      </>
    );
  }
  const renews = subscription.subscription_end
    ? ` It renews on ${formatLongDate(new Date(subscription.subscription_end))}.`
    : '';
  return (
    <>
      Your workspace is on the <strong>{plan.name}</strong> plan now, with its limits.{renews} You can change or cancel
      it in Settings at any time.
    </>
  );
}

function ConfirmedPayment() {
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [updating, setUpdating] = useState(true);
  const subscription = useSessionStore((state) => state.subscription);

  useEffect(() => {
    let current = true;
    const update = async () => {
      try {
        await refreshSubscriptionStatus();
      } catch (error) {
        // docs/product.md §8: a refresh failure is only logged; the webhook or the next read catches up.
        console.error('Subscription refresh failed', error);
      }
      await refreshSubscription();
      await queryClient.invalidateQueries({ queryKey: ownerKeys.all });
    };
    void Promise.all([update(), wait(PAYMENT_SPINNER_MS)]).then(() => {
      if (!current) return;
      setUpdating(false);
      toast.success('Payment successful!', 'Your subscription has been activated.');
    });
    return () => {
      current = false;
    };
  }, [queryClient, toast]);

  return (
    <Card className="tb-narrow-page">
      <Result
        status="success"
        title={<h1 className="tb-result-title">Payment Successful</h1>}
        subTitle={updating ? undefined : <WhatHappensNext subscription={subscription} />}
        extra={
          updating ? (
            <div className="tb-updating" role="status">
              <Spin size="small" />
              <span>Updating your account...</span>
            </div>
          ) : (
            <div className="tb-result-actions">
              <Button type="primary" onClick={() => void navigate(paths.dashboard)}>
                Go to Dashboard
              </Button>
              <Button onClick={() => void navigate(paths.billing)}>View Settings</Button>
            </div>
          )
        }
      />
    </Card>
  );
}
