/** Longest top-level domain shown as it is; a longer one could spell out words. */
const MAX_SHOWN_TLD = 6;
const HIDDEN = '•••';

/**
 * An address reduced to a hint the owner recognises: `ada.lovelace@example.com` becomes
 * `a•••@e•••.com`. At most a few characters of what someone typed survive, never a word, a link
 * or a whole address.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = at > 0 ? email.slice(0, at) : email;
  const domain = at > 0 ? email.slice(at + 1) : '';
  const labels = domain.split('.');
  const tld = labels.length > 1 ? (labels[labels.length - 1] ?? '') : '';
  const shownTld = /^[a-z]+$/i.test(tld) && tld.length <= MAX_SHOWN_TLD ? `.${tld}` : '';
  return `${local.slice(0, 1)}${HIDDEN}@${domain.slice(0, 1)}${HIDDEN}${shownTld}`;
}
