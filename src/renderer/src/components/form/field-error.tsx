/** A field's validation message (the schema's words), announced when it appears. */
export function FieldError({ id, message }: { id?: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <div id={id} className="tb-field-error" role="alert">
      {message}
    </div>
  );
}
