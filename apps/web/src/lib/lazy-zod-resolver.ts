/**
 * A react-hook-form resolver that loads zod and the contract's schema on first use (zod is ~24 KB),
 * so a form's screen opens without them; `preload()` starts the download early. A failed download
 * rejects the validation and the next attempt loads again.
 */
import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

export interface LazyResolver<T extends FieldValues> extends Resolver<T> {
  preload(): void;
}

/** @param loadSchema dynamic import of the schema, e.g. `() => import('@diacare/contract/users').then((m) => m.profileSetupSchema)` */
export function lazyZodResolver<T extends FieldValues>(loadSchema: () => Promise<ZodType>): LazyResolver<T> {
  let loading: Promise<Resolver<T>> | undefined;
  const load = (): Promise<Resolver<T>> => {
    loading ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Resolver<T>,
    );
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
  const resolver = (async (values, context, options) => (await load())(values, context, options)) as LazyResolver<T>;
  resolver.preload = () => {
    load().catch(() => {});
  };
  return resolver;
}
