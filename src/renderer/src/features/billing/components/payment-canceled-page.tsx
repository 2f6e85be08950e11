import { Button, Card, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { paths, SUPPORT_EMAIL } from '../../../config/paths';

/** `/payment-canceled`: nothing was charged; back to the plans or the dashboard (docs/product.md §2). */
export function PaymentCanceledPage() {
  const navigate = useNavigate();
  return (
    <Card className="tb-narrow-page">
      <Result
        status="warning"
        title={<h1 className="tb-result-title">Payment Canceled</h1>}
        subTitle="Your payment was canceled and no charges were made."
        extra={
          <div className="tb-result-actions">
            <Button type="primary" onClick={() => void navigate(paths.home)}>
              Back to Pricing
            </Button>
            <Button onClick={() => void navigate(paths.dashboard)}>Go to Dashboard</Button>
          </div>
        }
      />
      <p className="tb-muted tb-center">
        Having trouble paying? Write to us at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> and we will help.
      </p>
    </Card>
  );
}
