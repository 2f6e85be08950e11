/**
 * What the owner event bus carries to an owner's streams, on this instance and through Redis to
 * the others. Ids and names only: each stream reads what its owner may see when it sends.
 */

/** A feedback entry was stored (the stream sends it only if the plan shows it). */
export interface FeedbackStored {
  kind: 'feedback';
  feedbackId: string;
}

/** A site was registered as one of a widget's installations (its first request from that host). */
export interface InstallationAdded {
  kind: 'installation';
  widgetId: string;
  host: string;
}

/** A member was removed or their role changed: their streams check their access at once. */
export interface AccessChanged {
  kind: 'access';
  accountId: string;
}

export type OwnerMessage = FeedbackStored | InstallationAdded | AccessChanged;

/** An OwnerMessage heard from another instance, or undefined when it is not one. */
export function decodeOwnerMessage(value: unknown): OwnerMessage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const message = value as Record<string, unknown>;
  if (message.kind === 'installation') {
    const { widgetId, host } = message;
    return typeof widgetId === 'string' && typeof host === 'string'
      ? { kind: 'installation', widgetId, host }
      : undefined;
  }
  if (message.kind === 'access') {
    return typeof message.accountId === 'string' ? { kind: 'access', accountId: message.accountId } : undefined;
  }
  // No kind: a feedback from an instance still running the version before installations were sent.
  if (message.kind !== 'feedback' && message.kind !== undefined) return undefined;
  return typeof message.feedbackId === 'string' ? { kind: 'feedback', feedbackId: message.feedbackId } : undefined;
}
