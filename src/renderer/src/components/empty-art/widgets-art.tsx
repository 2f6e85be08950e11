import { EmptyArt } from './empty-art';

/** No widget yet: a site's window, waiting for its launcher (the plus). */
export function WidgetsArt() {
  return (
    <EmptyArt>
      <rect className="tb-art-card" x="20" y="18" width="76" height="58" rx="6" />
      <path className="tb-art-line" d="M20 30h76M30 44h36M30 54h26" />
      <circle className="tb-art-accent" cx="96" cy="70" r="14" />
      <path className="tb-art-on-accent" d="M96 63v14M89 70h14" />
    </EmptyArt>
  );
}
