import { textColorOn } from '../../../../../shared/contrast';
import { HEX_COLOR_PATTERN } from '../../../../../shared/schemas';

/**
 * The text colour on the owner's colour, as the widget picks it for its launcher and Send button:
 * black or white, whichever contrasts more. `null` while the colour is not a `#rrggbb` one (the
 * form is mid-typing): the preview then keeps the last good colour.
 */
export function launcherTextColor(color: string): '#000000' | '#ffffff' | null {
  if (!HEX_COLOR_PATTERN.test(color)) return null;
  return textColorOn(color);
}
