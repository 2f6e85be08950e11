import { initials } from './initials';
import './avatar.css';

export interface AvatarProps {
  name: string;
  /** A workspace is drawn square, a person round. */
  shape?: 'round' | 'square';
  size?: 'small' | 'medium';
}

/**
 * A name's initials in a small badge, beside the name it stands for: decoration, so hidden from
 * screen readers (the name itself is always written next to it, or in its tooltip and label).
 */
export function Avatar({ name, shape = 'round', size = 'medium' }: AvatarProps) {
  return (
    <span className={`tb-avatar tb-avatar-${shape} tb-avatar-${size}`} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
