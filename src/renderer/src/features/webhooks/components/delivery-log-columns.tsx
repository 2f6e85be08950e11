import { Button, type ButtonProps, type TableColumnsType } from 'antd';
import type { WebhookAttempt } from '../../../../../shared/api';
import { RelativeTime } from '../../../components/relative-time';
import { StatusTag } from '../../../components/status-tag/status-tag';
import { formatDateTime } from '../../../utils/format-date';
import { WEBHOOK_EVENT_LABELS } from '../utils/webhook-labels';

export interface AttemptActionsOptions {
  /** Null on a plan without webhooks: the server refuses a resend there. */
  onResend: ((attempt: WebhookAttempt) => void) | null;
  /** The attempt whose resend is on its way. */
  resending: string | null;
}

/** "132 ms", "2.4 s". */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/**
 * The endpoint's HTTP status, green when it counted as delivered; "No answer" when none came; "Not
 * sent" when Tellbox refused to queue it (the response column says why).
 */
export function AttemptStatus({ attempt }: { attempt: WebhookAttempt }) {
  if (!attempt.sent) return <StatusTag tone="warning">Not sent</StatusTag>;
  return (
    <StatusTag tone={attempt.ok ? 'success' : 'danger'}>
      {attempt.statusCode === null ? 'No answer' : `HTTP ${attempt.statusCode}`}
    </StatusTag>
  );
}

/** The event in words, its wire name under it (what the endpoint's code switches on). */
export function AttemptEvent({ attempt }: { attempt: WebhookAttempt }) {
  return (
    <span className="tb-cell-stack">
      <span>{WEBHOOK_EVENT_LABELS[attempt.type]}</span>
      <code className="tb-cell-note">{attempt.type}</code>
    </span>
  );
}

/** Why the attempt failed, then the start of what the endpoint answered. */
export function AttemptResponse({ attempt }: { attempt: WebhookAttempt }) {
  if (!attempt.error && !attempt.responseStart) return <span className="tb-muted">Empty response</span>;
  return (
    <span className="tb-cell-stack">
      {attempt.error && <span className="tb-webhook-disabled-reason">{attempt.error}</span>}
      {attempt.responseStart && <code className="tb-delivery-response">{attempt.responseStart}</code>}
    </span>
  );
}

export function ResendButton({
  attempt,
  size,
  onResend,
  resending,
}: AttemptActionsOptions & { attempt: WebhookAttempt; size: ButtonProps['size'] }) {
  if (!onResend) return null;
  return (
    <Button
      size={size}
      loading={resending === attempt._id}
      aria-label={`Resend ${WEBHOOK_EVENT_LABELS[attempt.type]} of ${formatDateTime(attempt.attemptedAt)}`}
      onClick={() => onResend(attempt)}
    >
      Resend
    </Button>
  );
}

/** The log as a table: time, event, status, duration, the start of the answer, Resend. */
export function deliveryLogColumns(options: AttemptActionsOptions): TableColumnsType<WebhookAttempt> {
  return [
    {
      title: 'Time',
      key: 'time',
      width: 128,
      render: (_, attempt) => <RelativeTime iso={attempt.attemptedAt} />,
    },
    { title: 'Event', key: 'type', width: 160, render: (_, attempt) => <AttemptEvent attempt={attempt} /> },
    { title: 'Status', key: 'status', width: 120, render: (_, attempt) => <AttemptStatus attempt={attempt} /> },
    {
      title: 'Duration',
      key: 'duration',
      width: 96,
      render: (_, attempt) => formatDuration(attempt.durationMs),
    },
    { title: 'Response', key: 'response', render: (_, attempt) => <AttemptResponse attempt={attempt} /> },
    ...(options.onResend
      ? [
          {
            title: <span className="tb-visually-hidden">Actions</span>,
            key: 'actions',
            width: 104,
            render: (_: unknown, attempt: WebhookAttempt) => (
              <ResendButton attempt={attempt} size="small" {...options} />
            ),
          },
        ]
      : []),
  ];
}
