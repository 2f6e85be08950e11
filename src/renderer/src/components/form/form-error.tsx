/**
 * A form's one error that belongs to no single field (a refused login), shown once, above its
 * button, and announced as it appears. The form clears it when its cause goes: an edit, a new try.
 */
export function FormError({ title, detail }: { title: string; detail?: string }) {
  return (
    <div className="tb-form-error tb-notice tb-notice-danger" role="alert">
      <strong>{title}</strong>
      {detail ? ` ${detail}` : null}
    </div>
  );
}
