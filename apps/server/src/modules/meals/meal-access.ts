/**
 * Who may read a meal's photo and response: its owner, or a care-circle member whose scopes
 * hold 'meals' (the view is written to the owner's audit). A stranger's request → 404, as for
 * a meal that does not exist; a member without the scope → 403 (decisions 048, 088).
 */
import { CARE_RESOURCES } from '@diacare/contract/care';
import type { User } from '@diacare/contract/users';
import { httpError, notFound } from '../../plugins/errors.ts';
import type { AppDeps } from '../../types.ts';
import { createCareRepository } from '../care/care.repository.ts';
import { createUserRepository } from '../users/user.repository.ts';
import { createMealsRepository, type MealRow } from './meals.repository.ts';

/**
 * The meal `mealId` and its owner, for `readerId`.
 * @throws HttpError 404 'Meal not found' for a stranger or no such meal; 403 for a member without the meals scope
 */
export async function mealAccess(
  deps: AppDeps,
  readerId: string,
  mealId: string,
): Promise<{ owner: User; row: MealRow; hasPhoto: boolean }> {
  const meals = createMealsRepository(deps.db);
  const ownerId = await meals.ownerOf(mealId);
  if (!ownerId) throw notFound('error.meal_not_found');
  if (ownerId !== readerId) {
    const care = createCareRepository(deps.db);
    const membership = await care.findMembership(ownerId, readerId);
    if (!membership) throw notFound('error.meal_not_found');
    if (!membership.scopes.includes(CARE_RESOURCES.meals)) throw httpError(403, 'error.care_scope_not_granted');
    await care.recordView(ownerId, readerId, 'meals', deps.clock());
  }
  const owner = await createUserRepository(deps.db).findById(ownerId);
  const found = await meals.find(ownerId, mealId);
  if (!owner || !found) throw notFound('error.meal_not_found');
  return { owner, ...found };
}
