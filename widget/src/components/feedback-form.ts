/**
 * The Feedback tab: message (required, up to 5000 characters), optional name and e-mail (checked
 * when given), a hidden honeypot, and the sending / sent / failed states announced through one
 * live region. A failed send keeps everything typed and offers "Try again".
 */
import type { ApiResult, FeedbackInput } from '../api';
import {
  FEEDBACK_HONEYPOT_FIELD,
  LABELS,
  MAX_AUTHOR_NAME_LENGTH,
  MAX_FEEDBACK_MESSAGE_LENGTH,
  MAX_URL_LENGTH,
} from '../constants';
import { h, on, warn } from '../dom';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface FeedbackForm {
  el: HTMLElement;
  /** Focuses the first thing a visitor would use: the message, or "Send more feedback". */
  focus(): void;
}

type Control = HTMLInputElement | HTMLTextAreaElement;

/** The feedback form; `send` posts it, `onSent` runs after the server accepted it. */
export function createFeedbackForm(
  send: (input: FeedbackInput) => Promise<ApiResult<unknown>>,
  onSent: () => void,
): FeedbackForm {
  const message = h('textarea', {
    id: 'tb-m',
    required: true,
    maxlength: MAX_FEEDBACK_MESSAGE_LENGTH,
    placeholder: LABELS.placeholder,
    'aria-describedby': 'tb-me',
  });
  const messageError = h('p', { id: 'tb-me', class: 'err' });
  const name = h('input', { id: 'tb-n', autocomplete: 'name', maxlength: MAX_AUTHOR_NAME_LENGTH });
  const email = h('input', { id: 'tb-e', type: 'email', autocomplete: 'email', 'aria-describedby': 'tb-ee' });
  const emailError = h('p', { id: 'tb-ee', class: 'err' });
  // People never see or reach it; bots fill it, and the server then drops the message silently.
  const honeypot = h('input', { name: FEEDBACK_HONEYPOT_FIELD, tabindex: -1, autocomplete: 'off' });
  const submit = h('button', { type: 'submit', class: 'primary' }, LABELS.send);
  const form = h(
    'form',
    { novalidate: true },
    h('label', { for: 'tb-m' }, LABELS.message),
    message,
    messageError,
    h('label', { for: 'tb-n' }, LABELS.name),
    name,
    h('label', { for: 'tb-e' }, LABELS.email),
    email,
    emailError,
    h('div', { class: 'hp', 'aria-hidden': 'true' }, honeypot),
    submit,
  );
  const status = h('p', { role: 'status', class: 'status' });
  const another = h('button', { type: 'button', class: 'primary', hidden: true }, LABELS.another);
  let busy = false;

  const check = (control: Control, error: HTMLElement, problem: string | false) => {
    error.textContent = problem || '';
    if (problem) control.setAttribute('aria-invalid', 'true');
    else control.removeAttribute('aria-invalid');
    return !problem;
  };

  async function submitForm() {
    const text = message.value.trim();
    const mail = email.value.trim();
    const valid =
      check(message, messageError, !text && LABELS.required) &&
      check(email, emailError, !!mail && !EMAIL.test(mail) && LABELS.invalidEmail);
    if (!valid) {
      (text ? email : message).focus();
      return;
    }
    // aria-disabled rather than disabled: a disabled button would drop the keyboard focus.
    busy = true;
    submit.setAttribute('aria-disabled', 'true');
    submit.textContent = status.textContent = LABELS.sending;
    const result = await send({
      message: text,
      authorName: name.value.trim() || undefined,
      authorEmail: mail || undefined,
      pageUrl: location.href.slice(0, MAX_URL_LENGTH),
      [FEEDBACK_HONEYPOT_FIELD]: honeypot.value || undefined,
    });
    busy = false;
    submit.removeAttribute('aria-disabled');
    if (result.ok) {
      form.reset();
      submit.textContent = LABELS.send;
      status.textContent = LABELS.sent;
      form.hidden = true;
      another.hidden = false;
      another.focus();
      onSent();
    } else {
      submit.textContent = LABELS.retry;
      status.textContent = LABELS.failed;
    }
  }

  on(form, 'submit', (event) => {
    event.preventDefault();
    if (!busy) submitForm().catch(warn);
  });
  on(another, 'click', () => {
    status.textContent = '';
    another.hidden = true;
    form.hidden = false;
    message.focus();
  });

  return {
    el: h('div', null, form, status, another),
    focus: () => (form.hidden ? another : message).focus(),
  };
}
