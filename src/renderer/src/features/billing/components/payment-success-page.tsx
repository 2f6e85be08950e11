import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { ownerKeys } from '../../../lib/owner-data/query-keys';
import { refreshSubscription } from '../../../lib/session';
import { useToast } from '../../../lib/use-toast';
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
        extra={<Link to={paths.settings}>See your plan and the others in Settings</Link>}
      />
    </Card>
  );
}

/** `/payment-success?session_id`: the plan is refreshed, then the way on (docs/product.md §2, §4, §8). */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  return sessionId ? <ConfirmedPayment sessionId={sessionId} /> : <NoCheckoutSession />;
}

function ConfirmedPayment({ sessionId }: { sessionId: string }) {
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [updating, setUpdating] = useState(true);

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
        subTitle={<span className="tb-break">Session ID: {sessionId}</span>}
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
              <Button onClick={() => void navigate(paths.settings)}>View Settings</Button>
            </div>
          )
        }
      />
    </Card>
  );
}
