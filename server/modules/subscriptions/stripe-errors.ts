/**
 * Stripe's failures are ours to report. Whatever Stripe answers (its 401 for a key it refuses, a
 * 5xx, a timeout, a refused connection), the owner gets a 502 with a generic message and the log
 * gets what an operator needs to act: the error's type, code, status and Stripe's request id.
 * Stripe's own status never reaches the owner: a 401 from Stripe is not the owner's session.
 */
import Stripe from 'stripe';
import { badGateway } from '../../lib/errors';
import type { Logger } from '../../lib/logger';

export const BILLING_UNAVAILABLE = 'Billing is temporarily unavailable. Please try again in a few minutes.';

/** Stripe names a refused key in its message (masked, but still part of it): never log that. */
const KEY_SHAPE = /(?<![A-Za-z0-9])(?:sk|rk|pk)_(?:test|live)_[A-Za-z0-9*]*/g;

function detailsOf(error: Stripe.errors.StripeError) {
  return {
    type: error.type,
    stripeType: error.rawType,
    code: error.code,
    status: error.statusCode,
    requestId: error.requestId,
    message: error.message.replace(KEY_SHAPE, '[redacted key]'),
  };
}

/** Runs one call to Stripe (`operation` names it in the log); a Stripe failure becomes a 502. */
export type StripeCall = <T>(operation: string, call: () => Promise<T>) => Promise<T>;

/**
 * Whether an answer is one of Stripe's objects. The SDK hands back whatever JSON it was given, so
 * a proxy's error page or another service on the Stripe address (a 404 `{ "message": … }`) would
 * otherwise reach our code as a customer without an id, and fail there as a 500.
 */
const isStripeObject = (answer: unknown) =>
  typeof answer === 'object' &&
  answer !== null &&
  typeof (answer as { object?: unknown }).object === 'string' &&
  typeof (answer as { id?: unknown }).id === 'string';

export function createStripeCall(logger: Logger): StripeCall {
  return async (operation, call) => {
    let answer: Awaited<ReturnType<typeof call>>;
    try {
      answer = await call();
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      logger.error({ operation, stripe: detailsOf(error) }, 'stripe request failed');
      throw badGateway(BILLING_UNAVAILABLE);
    }
    // `undefined` is a call that returns nothing of Stripe's (a cancel that found nothing to cancel).
    if (answer !== undefined && !isStripeObject(answer)) {
      logger.error({ operation }, 'stripe answered with something that is not a Stripe object');
      throw badGateway(BILLING_UNAVAILABLE);
    }
    return answer;
  };
}
