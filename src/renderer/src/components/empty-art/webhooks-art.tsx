import { EmptyArt } from './empty-art';

/** No webhook yet: Tellbox's node and an endpoint, joined by an arrow. */
export function WebhooksArt() {
  return (
    <EmptyArt>
      <circle className="tb-art-accent" cx="34" cy="48" r="14" />
      <rect className="tb-art-card" x="80" y="32" width="32" height="32" rx="6" />
      <path className="tb-art-line" d="M88 44h16M88 52h10" />
      <path className="tb-art-ink" d="M50 48c10-18 18-18 24 0M68 44l6 4 4-6" />
    </EmptyArt>
  );
}
