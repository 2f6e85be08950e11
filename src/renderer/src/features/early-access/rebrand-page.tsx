import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { EarlyAccessInput, earlyAccessInputSchema, z } from '../../../../shared/schemas';
import { buttonClass } from '../../components/button-class';
import { lazyResolver, preloadResolvers } from '../../components/form/lazy-resolver';
import { PlainTextField } from '../../components/form/plain-text-field';
import { SUPPORT_EMAIL } from '../../config/paths';
import { useToast } from '../../lib/use-toast';
import { submitEarlyAccess } from './api/submit-early-access';

const FEATURES = [
  'Well-timed on-site engagement that turns visitors into customers',
  'Smart insights about what your visitors need',
  'Seamless design that fits your site',
  'No code: one line of script and you are live',
];

/** `/rebrand`: the pre-launch early-access screen (docs/product.md §1, §2, §4; docs/product.md, "Every screen"). */
export function RebrandPage() {
  const toast = useToast();
  const [submitted, setSubmitted] = useState(false);
  const form = useForm<z.input<typeof earlyAccessInputSchema>, unknown, EarlyAccessInput>({
    resolver: lazyResolver((resolvers) => resolvers.earlyAccessResolver),
    defaultValues: { email: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await submitEarlyAccess(values);
      toast.success('Email registered!', 'We will contact you as soon as the new site is online.');
      setSubmitted(true);
    } catch {
      toast.error('Error', 'Something went wrong. Try again later.');
    }
  });

  const sending = form.formState.isSubmitting;
  return (
    <div className="tb-rebrand">
      <main className="tb-public-card tb-public-card-wide">
        <h1>Turn visitors into customers, without writing code</h1>
        <p>
          Tellbox is getting a new look: well-timed on-site engagement, smart insights and seamless design for your
          website.
        </p>
        <ul className="tb-check-list">
          {FEATURES.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        {submitted ? (
          <p className="tb-thanks" role="status">
            Thanks! We&apos;ll get back to you soon.
          </p>
        ) : (
          <form
            onSubmit={(event) => void onSubmit(event)}
            onFocus={preloadResolvers}
            noValidate
            aria-label="Early access"
          >
            <PlainTextField
              control={form.control}
              name="email"
              label="Email"
              type="email"
              placeholder="name@example.com"
              autoComplete="email"
            />
            <button type="submit" className={buttonClass({ variant: 'primary', block: true })} disabled={sending}>
              {sending ? 'Sending...' : 'Join Now!'}
            </button>
          </form>
        )}
        <p className="tb-muted">
          Questions? Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </p>
        <p className="tb-muted">Expected launch: December.</p>
      </main>
    </div>
  );
}
