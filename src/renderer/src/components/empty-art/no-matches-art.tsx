import { EmptyArt } from './empty-art';

/** A search that found nothing: a magnifier over empty lines. */
export function NoMatchesArt() {
  return (
    <EmptyArt>
      <rect className="tb-art-card" x="18" y="22" width="64" height="56" rx="6" />
      <path className="tb-art-line" d="M28 36h34M28 48h24M28 60h30" />
      <circle className="tb-art-card" cx="78" cy="46" r="17" />
      <circle className="tb-art-ink" cx="78" cy="46" r="17" />
      <path className="tb-art-ink" d="M90 58l14 14" />
      <path className="tb-art-ink" d="M72 46h12" />
    </EmptyArt>
  );
}
