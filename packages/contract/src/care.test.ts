import { describe, expect, it } from 'vitest';
import { CARE_SCOPES, careMemberUpdateSchema, invitationInputSchema, tokenParamsSchema } from './care.ts';

describe('invitationInputSchema', () => {
  it('gives family every scope, a doctor glucose and medications, and 7 days', () => {
    expect(invitationInputSchema.parse({ role: 'family' })).toEqual({
      role: 'family',
      scopes: [...CARE_SCOPES],
      expires_in_days: 7,
      can_mark_taken: false,
    });
    expect(invitationInputSchema.parse({ role: 'doctor' })).toEqual({
      role: 'doctor',
      scopes: ['medications', 'glucose'],
      expires_in_days: 7,
      can_mark_taken: false,
    });
  });

  it('keeps chosen scopes in the canonical order, an empty list included', () => {
    expect(invitationInputSchema.parse({ role: 'doctor', scopes: ['labs', 'bp'] }).scopes).toEqual(['bp', 'labs']);
    expect(invitationInputSchema.parse({ role: 'family', scopes: [] }).scopes).toEqual([]);
  });

  it.each([
    [{}, 'role'],
    [{ role: 'friend' }, 'role'],
    [{ role: 'family', scopes: ['chat'] }, 'scopes'],
    [{ role: 'family', scopes: ['bp', 'bp'] }, 'scopes'],
    [{ role: 'family', expires_in_days: 0 }, 'expires_in_days'],
    [{ role: 'family', expires_in_days: 31 }, 'expires_in_days'],
    [{ role: 'family', expires_in_days: 1.5 }, 'expires_in_days'],
  ])('refuses %j naming %s', (input, field) => {
    const result = invitationInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(field);
  });

  it('accepts 1 and 30 days', () => {
    expect(invitationInputSchema.parse({ role: 'family', expires_in_days: 1 }).expires_in_days).toBe(1);
    expect(invitationInputSchema.parse({ role: 'family', expires_in_days: 30 }).expires_in_days).toBe(30);
  });
});

describe('careMemberUpdateSchema', () => {
  it('needs at least one known field', () => {
    expect(careMemberUpdateSchema.safeParse({}).success).toBe(false);
    expect(careMemberUpdateSchema.safeParse({ unknown: true }).success).toBe(false);
    expect(careMemberUpdateSchema.parse({ alerts: false })).toEqual({ alerts: false });
    expect(careMemberUpdateSchema.parse({ can_mark_taken: true })).toEqual({ can_mark_taken: true });
  });
});

describe('tokenParamsSchema', () => {
  it('takes base64url tokens only', () => {
    expect(tokenParamsSchema.safeParse({ token: 'a'.repeat(43) }).success).toBe(true);
    expect(tokenParamsSchema.safeParse({ token: '../../etc/passwd' }).success).toBe(false);
    expect(tokenParamsSchema.safeParse({ token: 'short' }).success).toBe(false);
  });
});
