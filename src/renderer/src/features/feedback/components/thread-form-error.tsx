import { Alert } from 'antd';
import type { FieldErrors, FieldValues } from 'react-hook-form';

/** The server's refusal of a thread form, above its button; gone at the next try. */
export function ThreadFormError<T extends FieldValues>({ errors }: { errors: FieldErrors<T> }) {
  const message = errors.root?.server?.message;
  if (!message) return null;
  return <Alert className="tb-thread-form-error" type="error" showIcon title={message} />;
}
