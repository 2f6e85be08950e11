/**
 * The Feedback tab: message (required, up to 5000 characters), optional name and e-mail, a hidden
 * honeypot, and the sending / sent / failed states announced through one live region. Fields are
 * checked before sending by the server's own rules (src/shared/rules), worded in the visitor's
 * language; should the server still refuse a field (a 400 with `issues`), its message goes on
 * that field and nothing
 * offers "Try again", which would be refused the same way. Any other failure keeps everything
 * typed and offers "Try again".
 */
import {
  feedbackRules,
  wordProblem,
  type FeedbackField,
  type FeedbackProblems,
} from '../../../src/shared/rules/feedback';
import type { WidgetStrings } from '../../../src/shared/widget-language';
import type { ApiResult, FeedbackInput } from '../api';
import {
  FEEDBACK_HONEYPOT_FIELD,
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

/** The feedback form in `strings`; `send` posts it, `onSent` runs after the server accepted it. */
export function createFeedbackForm(
  strings: WidgetStrings,
  send: (input: FeedbackInput) => Promise<ApiResult<unknown>>,
  onSent: () => void,
): FeedbackForm {
  // Each field by its name in the API body, which is also the `path` of the server's issues.
  const controls: Record<FeedbackField, Control> = {
    // `dir="auto"`: what a visitor types runs in its own direction (Arabic, Hebrew: right to left).
    message: h('textarea', {
      required: true,
      maxlength: MAX_FEEDBACK_MESSAGE_LENGTH,
      placeholder: strings.placeholder,
      dir: 'auto',
    }),
    authorName: h('input', { autocomplete: 'name', maxlength: MAX_AUTHOR_NAME_LENGTH, dir: 'auto' }),
    authorEmail: h('input', { type: 'email', autocomplete: 'email' }),
  };
  const { message, authorName: name, authorEmail: email } = controls;
  const fields = Object.keys(controls) as FeedbackField[];
  const errors = {} as Record<FeedbackField, HTMLElement>;
  // People never see or reach it; bots fill it, and the server then drops the message silently.
  const honeypot = h('input', { name: FEEDBACK_HONEYPOT_FIELD, tabindex: -1, autocomplete: 'off' });
  const submit = h('button', { type: 'submit', class: 'primary' }, strings.send);
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
      return [h('label', { for: id }, strings[field]), controls[field], errors[field]];
    }),
    h('div', { class: 'hp', 'aria-hidden': 'true' }, honeypot),
    submit,
  );
  const status = h('p', { role: 'status', class: 'status' });
  const another = h('button', { type: 'button', class: 'primary', hidden: true }, strings.another);
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
    // The server's rules, in the visitor's words.
    const rules = feedbackRules({ message: message.value, authorName: name.value, authorEmail: email.value });
    const problems: FeedbackProblems = {};
    for (const field of fields) problems[field] = wordProblem(rules[field], strings);
    if (!show(problems)) return;
    // aria-disabled rather than disabled: a disabled button would drop the keyboard focus.
    busy = true;
    submit.setAttribute('aria-disabled', 'true');
    submit.textContent = status.textContent = strings.sending;
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
      submit.textContent = strings.send;
      status.textContent = strings.thanks;
      form.hidden = true;
      another.hidden = false;
      another.focus();
      onSent();
    } else if (result.status === 400) {
      const issues = result.body?.issues ?? [];
      const problems: FeedbackProblems = {};
      for (const field of fields) problems[field] = issues.find((issue) => issue.path === field)?.message;
      submit.textContent = strings.send;
      // A refusal about no field of the form (the page's address, say) cannot be fixed here.
      status.textContent = show(problems) ? strings.failed : '';
    } else {
      submit.textContent = strings.retry;
      status.textContent = strings.failed;
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
