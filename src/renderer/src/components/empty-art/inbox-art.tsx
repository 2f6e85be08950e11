import { EmptyArt } from './empty-art';

/** No feedback yet: an open tray, a message on its way in. */
export function InboxArt() {
  return (
    <EmptyArt>
      <path className="tb-art-card" d="M24 58l12-20h56l12 20v18a4 4 0 0 1-4 4H28a4 4 0 0 1-4-4z" />
      <path className="tb-art-line" d="M24 58h24l4 8h24l4-8h24" />
      <path
        className="tb-art-accent"
        d="M50 12h28a6 6 0 0 1 6 6v14a6 6 0 0 1-6 6H62l-8 7v-7h-4a6 6 0 0 1-6-6V18a6 6 0 0 1 6-6z"
      />
      <path className="tb-art-on-accent" d="M54 22h20M54 29h12" />
    </EmptyArt>
  );
}
