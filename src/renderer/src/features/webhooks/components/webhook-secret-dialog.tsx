import { Alert, Button, Modal } from 'antd';
import type { ShownSecret } from '../hooks/use-webhook-actions';
import { CopySecretButton } from './copy-secret-button';

const TITLES: Record<ShownSecret['reason'], string> = {
  created: 'Webhook added: copy its signing secret',
  rotated: 'New signing secret',
};

/**
 * The endpoint's `whsec_…` secret, the one time the server sends it: after a create and after a
 * rotation. Only Done closes it (not a click beside it), so it is not lost by accident.
 */
export function WebhookSecretDialog({ shown, onClose }: { shown: ShownSecret | null; onClose: () => void }) {
  return (
    <Modal
      open={shown !== null}
      title={shown ? TITLES[shown.reason] : 'Signing secret'}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {shown && (
        <div className="tb-webhook-secret">
          <Alert
            type="warning"
            showIcon
            title="Copy this secret now: it won't be shown again."
            description="If you lose it, rotate the secret to get a new one."
          />
          <p>
            Tellbox signs every delivery to <strong className="tb-break">{shown.webhook.url}</strong> with this secret
            (the <code>webhook-signature</code> header, as Standard Webhooks defines it). Check it on your endpoint to
            know a delivery came from Tellbox.
            {shown.webhook.kind !== 'generic' &&
              ' Slack and Discord do not check it: keep it in case you move this webhook to your own endpoint.'}
          </p>
          <pre className="tb-snippet" aria-label="Signing secret" tabIndex={0}>
            <code>{shown.webhook.secret}</code>
          </pre>
          <div className="tb-dialog-actions">
            <CopySecretButton secret={shown.webhook.secret} />
            <Button onClick={onClose}>Done</Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
