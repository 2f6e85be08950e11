import { useId } from 'react';

/**
 * The invited address, shown as the form's e-mail but not to be changed: the invitation works for
 * that address only.
 */
export function FixedEmailField({ email }: { email: string }) {
  const id = useId();
  return (
    <div className="tb-field">
      <label htmlFor={id}>Email</label>
      <input
        id={id}
        className="tb-input tb-input-fixed"
        type="email"
        value={email}
        readOnly
        autoComplete="username"
        aria-describedby={`${id}-hint`}
      />
      <div id={`${id}-hint`} className="tb-field-hint tb-fixed-email-hint">
        The invitation is for this address.
      </div>
    </div>
  );
}
