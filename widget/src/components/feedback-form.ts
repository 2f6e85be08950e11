/**
 * The Feedback tab: message (required, up to 5000 characters), optional name and e-mail, a hidden
 * honeypot, and the sending / sent / failed states announced through one live region. Fields are
 * checked before sending by the server's own rules and messages (src/shared/rules); should the
 * server still refuse a field (a 400 with `issues`), its message goes on that field and nothing
 * offers "Try again", which would be refused the same way. Any other failure keeps everything
 * typed and offers "Try again".
 */
import { feedbackProblems, type FeedbackField, type FeedbackProblems } from '../../../src/shared/rules/feedback';
import type { ApiResult, FeedbackInput } from '../api';
import {
  FEEDBACK_HONEYPOT_FIELD,
  LABELS,
  MAX_AUTHOR_NAME_LENGTH,
  MAX_FEEDBACK_MESSAGE_LENGTH,
  MAX_URL_LENGTH,
} from '../constants';
import { h, on, warn } from '../dom';

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
  // Each field by its name in the API body, which is also the `path` of the server's issues.
  const controls: Record<FeedbackField, Control> = {
    message: h('textarea', { required: true, maxlength: MAX_FEEDBACK_MESSAGE_LENGTH, placeholder: LABELS.placeholder }),
    authorName: h('input', { autocomplete: 'name', maxlength: MAX_AUTHOR_NAME_LENGTH }),
    authorEmail: h('input', { type: 'email', autocomplete: 'email' }),
  };
  const { message, authorName: name, authorEmail: email } = controls;
  const fields = Object.keys(controls) as FeedbackField[];
  const errors = {} as Record<FeedbackField, HTMLElement>;
  // People never see or reach it; bots fill it, and the server then drops the message silently.
  const honeypot = h('input', { name: FEEDBACK_HONEYPOT_FIELD, tabindex: -1, autocomplete: 'off' });
  const submit = h('button', { type: 'submit', class: 'primary' }, LABELS.send);
  const form = h(
    'form',
    { novalidate: true },
    // Each field: its label, the control, and the error line that describes it.
    ...fields.flatMap((field) => {
      const id = `tb-${field}`;
      controls[field].id = id;
      controls[field].setAttribute('aria-describedby', `${id}-e`);
      // An error goes as soon as the visitor edits its field; Send checks everything again.
      on(controls[field], 'input', () => mark(field));
      errors[field] = h('p', { id: `${id}-e`, class: 'err' });
      return [h('label', { for: id }, LABELS[field]), controls[field], errors[field]];
    }),
    h('div', { class: 'hp', 'aria-hidden': 'true' }, honeypot),
    submit,
  );
  const status = h('p', { role: 'status', class: 'status' });
  const another = h('button', { type: 'button', class: 'primary', hidden: true }, LABELS.another);
  let busy = false;

  /** Puts `problem` on `field` (none: clears it). */
  function mark(field: FeedbackField, problem = '') {
    errors[field].textContent = problem;
    if (problem) controls[field].setAttribute('aria-invalid', 'true');
    else controls[field].removeAttribute('aria-invalid');
  }

  /** Shows each field's problem (clearing the others) and focuses the first; true when none. */
  function show(problems: FeedbackProblems): boolean {
    let first: Control | undefined;
    for (const field of fields) {
      mark(field, problems[field]);
      if (problems[field] && !first) first = controls[field];
    }
    first?.focus();
    return !first;
  }

  async function submitForm() {
    if (!show(feedbackProblems({ message: message.value, authorName: name.value, authorEmail: email.value }))) return;
    // aria-disabled rather than disabled: a disabled button would drop the keyboard focus.
    busy = true;
    submit.setAttribute('aria-disabled', 'true');
    submit.textContent = status.textContent = LABELS.sending;
    const result = await send({
      message: message.value.trim(),
      authorName: name.value.trim() || undefined,
      authorEmail: email.value.trim() || undefined,
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
    } else if (result.status === 400) {
      const issues = result.body?.issues ?? [];
      const problems: FeedbackProblems = {};
      for (const field of fields) problems[field] = issues.find((issue) => issue.path === field)?.message;
      submit.textContent = LABELS.send;
      // A refusal about no field of the form (the page's address, say) cannot be fixed here.
      status.textContent = show(problems) ? LABELS.failed : '';
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
