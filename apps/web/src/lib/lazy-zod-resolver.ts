/**
 * A react-hook-form resolver that loads zod and the contract's schema on first use (zod's
 * evaluation is one long task), so neither a form's screen nor its dialog's idle preload runs
 * it; `preload()` starts it early (forms call it on their first focus). A failed download
 * rejects the validation and the next attempt loads again.
 */
import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';
import { loadOnce } from './load-once';

export interface LazyResolver<TInput extends FieldValues, TOutput = TInput> extends Resolver<TInput, unknown, TOutput> {
  preload(): void;
}

/**
 * @param loadSchema dynamic import of the schema, e.g. `() => import('@diacare/contract/users').then((m) => m.profileSetupSchema)`
 * @returns a resolver whose values are the schema's input (`TInput`) and, once valid, its output (`TOutput`)
 */
export function lazyZodResolver<TInput extends FieldValues, TOutput = TInput>(
  loadSchema: () => Promise<ZodType>,
): LazyResolver<TInput, TOutput> {
  type Loaded = Resolver<TInput, unknown, TOutput>;
  const load = loadOnce(() =>
    Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Loaded,
    ),
  );
  const resolver = (async (values, context, options) => (await load())(values, context, options)) as LazyResolver<
    TInput,
    TOutput
  >;
  resolver.preload = () => {
    load().catch(() => {});
  };
  return resolver;
}
