import { Card } from 'antd';
import { SUPPORT_EMAIL } from '../../../config/paths';

/** The e-mail support box of the Support Center, with the reply promise (docs/product.md §1, §9). */
export function EmailSupportCard() {
  return (
    <Card title={<h2 className="tb-card-title">Email Support</h2>}>
      <p>
        Can&apos;t find what you are looking for? Write to us at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        .
      </p>
      <p className="tb-muted">We reply within 24 hours.</p>
    </Card>
  );
}
