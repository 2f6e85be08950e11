import { EmptyArt } from './empty-art';

/** Nothing has happened yet: a timeline with its first point waiting. */
export function ActivityArt() {
  return (
    <EmptyArt>
      <path className="tb-art-line" d="M40 18v62" />
      <circle className="tb-art-accent" cx="40" cy="26" r="7" />
      <circle className="tb-art-card" cx="40" cy="50" r="6" />
      <circle className="tb-art-card" cx="40" cy="72" r="6" />
      <path className="tb-art-ink" d="M56 26h40" />
      <path className="tb-art-line" d="M56 50h32M56 72h24" />
    </EmptyArt>
  );
}
