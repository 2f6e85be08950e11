import type { FieldValues, Resolver } from 'react-hook-form';
import type * as publicFormResolvers from './public-form-resolvers';

/** The public forms' resolvers, loaded on first use (public-form-resolvers.ts says why). */
export type PublicFormResolvers = typeof publicFormResolvers;

const loadResolvers = () => import('./public-form-resolvers');

/**
 * A resolver that loads its rules the first time the form is checked. `preload` starts that load
 * early (on the first focus in the form), so a submit rarely waits for it.
 */
export function lazyResolver<TInput extends FieldValues, TOutput>(
  pick: (resolvers: PublicFormResolvers) => Resolver<TInput, unknown, TOutput>,
): Resolver<TInput, unknown, TOutput> {
  return async (values, context, options) => pick(await loadResolvers())(values, context, options);
}

/** Starts loading the public forms' rules; a second call costs nothing. */
export function preloadResolvers(): void {
  void loadResolvers();
}
