/** A query whose answers re-render its section in a deferred render (decision 063). */
import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue } from 'react';

/**
 * `useQuery(options)`, read through `useDeferredValue`: an answer's urgent render (TanStack Query
 * delivers answers synchronously) shows the previous result again, and the section re-renders
 * with the answer in a deferred render, built in slices and shared with the other sections'
 * answers that came in meanwhile. For a screen's sections that mount content when data arrives
 * (Home's cards); not for a result a tap must change at once.
 */
export function useDeferredQuery<TData, TError = Error, TQueryKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TData, TError, TData, TQueryKey>,
): UseQueryResult<TData, TError> {
  return useDeferredValue(useQuery(options));
}
