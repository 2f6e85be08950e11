import { EmptyArt } from './empty-art';

/** No news post yet: a blank post with a spark of news above it. */
export function NewsArt() {
  return (
    <EmptyArt>
      <rect className="tb-art-card" x="28" y="20" width="64" height="62" rx="6" />
      <rect className="tb-art-accent" x="38" y="30" width="28" height="8" rx="4" />
      <path className="tb-art-line" d="M38 50h44M38 60h44M38 70h28" />
      <path className="tb-art-ink" d="M104 14v12M98 20h12M20 60v8M16 64h8" />
    </EmptyArt>
  );
}
