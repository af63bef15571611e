/**
 * SQL for the care circle's invitations (decision 048): made, listed and revoked by the patient,
 * previewed and accepted by the invitee. Tokens are looked up by their hash only.
 */
import type { CareRole, CareScope, PendingInvitation } from '@diacare/contract/care';
import { MAX_PENDING_INVITATIONS } from '@diacare/contract/care';
import { and, count, desc, eq, gt, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { careAudit, careInvitations, careMembers, users } from '../../db/schema.ts';
import { displayName } from './care.repository.ts';

/** Why an invitation cannot be used (each has its own message and status in the routes). */
export type InvitationRefusal = 'not_found' | 'used' | 'revoked' | 'expired' | 'own' | 'already_member';
type InvitationRow = typeof careInvitations.$inferSelect;
type MemberRow = typeof careMembers.$inferSelect;
type Refused = { refusal: InvitationRefusal };

/** The patient's invitations still waiting for someone: not used, not revoked, not expired at `now`. */
const pendingOf = (patientId: string, now: Date): SQL =>
  and(
    eq(careInvitations.patient_id, patientId),
    isNull(careInvitations.used_at),
    isNull(careInvitations.revoked_at),
    gt(careInvitations.expires_at, now),
  )!;

export function createCareInvitationRepository(db: Database) {
  return {
    /**
     * Stores a new invitation by the hash of its token and writes 'invite' to the audit; null,
     * storing nothing, when the patient already has MAX_PENDING_INVITATIONS pending at `now`.
     * The patient's user row is locked while counting, so two creations at once cannot pass 10.
     */
    async createInvitation(
      patientId: string,
      values: { tokenHash: string; role: CareRole; scopes: CareScope[]; canMarkTaken: boolean; expiresAt: Date },
      now: Date,
    ) {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, patientId)).for('no key update');
        const [pending] = await tx.select({ n: count() }).from(careInvitations).where(pendingOf(patientId, now));
        if (pending!.n >= MAX_PENDING_INVITATIONS) return null;
        const [row] = await tx
          .insert(careInvitations)
          .values({
            patient_id: patientId,
            token_hash: values.tokenHash,
            role: values.role,
            scopes: values.scopes,
            can_mark_taken: values.canMarkTaken,
            expires_at: values.expiresAt,
            created_at: now,
          })
          .returning();
        await tx.insert(careAudit).values({
          patient_id: patientId,
          actor_id: patientId,
          action: 'invite',
          role: values.role,
          scopes: values.scopes,
          at: now,
        });
        return row!;
      });
    },

    /** The patient's pending invitations at `now`, newest first: never the token's hash. */
    async listPendingInvitations(patientId: string, now: Date, limit: number): Promise<PendingInvitation[]> {
      const rows = await db
        .select()
        .from(careInvitations)
        .where(pendingOf(patientId, now))
        .orderBy(desc(careInvitations.created_at), desc(careInvitations.id))
        .limit(limit);
      return rows.map((row) => ({
        id: row.id,
        role: row.role,
        scopes: row.scopes as CareScope[],
        can_mark_taken: row.can_mark_taken,
        created_at: row.created_at.toISOString(),
        expires_at: row.expires_at.toISOString(),
      }));
    },

    /**
     * Revokes one of the patient's pending invitations at `now` (its link then answers 410) and
     * writes 'revoke' to the audit; false, changing nothing, when `id` is not a pending
     * invitation of this patient (someone else's, used, revoked or expired).
     */
    async revokeInvitation(patientId: string, id: string, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(careInvitations)
          .set({ revoked_at: now })
          .where(and(eq(careInvitations.id, id), pendingOf(patientId, now)))
          .returning();
        if (!row) return false;
        await tx.insert(careAudit).values({
          patient_id: patientId,
          actor_id: patientId,
          action: 'revoke',
          role: row.role,
          scopes: row.scopes,
          at: now,
        });
        return true;
      });
    },

    /**
     * The invitation a token names, with the inviter's name, or why it cannot be used by
     * `readerId` (null: someone signed out) at `now`. Changes nothing. Signed out, the name is
     * never the inviter's e-mail address: without a name, only the part before '@'.
     */
    async previewInvitation(
      tokenHash: string,
      readerId: string | null,
      now: Date,
    ): Promise<Refused | { invitation: InvitationRow; inviterName: string }> {
      const [row] = await db
        .select({ invitation: careInvitations, inviter: { name: users.name, email: users.email } })
        .from(careInvitations)
        .innerJoin(users, eq(users.id, careInvitations.patient_id))
        .where(eq(careInvitations.token_hash, tokenHash));
      if (!row) return { refusal: 'not_found' as const };
      const refusal = refusalOf(row.invitation, readerId, now);
      if (refusal) return { refusal };
      const inviterName = readerId
        ? displayName(row.inviter)
        : (row.inviter.name ?? row.inviter.email?.split('@')[0] ?? '');
      return { invitation: row.invitation, inviterName };
    },

    /**
     * Accepts an invitation for `memberId`: marks it used and adds the member with the invitation's
     * role, scopes and mark-taken right, in one transaction holding the invitation's row, so a link
     * is used once even when two people accept at the same moment. Writes 'join' to the audit.
     */
    async acceptInvitation(tokenHash: string, memberId: string, now: Date): Promise<Refused | { member: MemberRow }> {
      return db.transaction(async (tx) => {
        const [invitation] = await tx
          .select()
          .from(careInvitations)
          .where(eq(careInvitations.token_hash, tokenHash))
          .for('update');
        if (!invitation) return { refusal: 'not_found' as const };
        const refusal = refusalOf(invitation, memberId, now);
        if (refusal) return { refusal };
        const [existing] = await tx
          .select({ id: careMembers.id })
          .from(careMembers)
          .where(and(eq(careMembers.patient_id, invitation.patient_id), eq(careMembers.member_id, memberId)));
        if (existing) return { refusal: 'already_member' as const };
        await tx.update(careInvitations).set({ used_at: now }).where(eq(careInvitations.id, invitation.id));
        const [member] = await tx
          .insert(careMembers)
          .values({
            patient_id: invitation.patient_id,
            member_id: memberId,
            role: invitation.role,
            scopes: invitation.scopes,
            // The invitation's right, not the column's default: a member removed and invited again
            // with the right kept gets it back (it used to reset to false here).
            can_mark_taken: invitation.can_mark_taken,
            alerts: invitation.role === 'family',
            created_at: now,
            updated_at: now,
          })
          .returning();
        await tx.insert(careAudit).values({
          patient_id: invitation.patient_id,
          actor_id: memberId,
          member_id: memberId,
          action: 'join',
          role: invitation.role,
          scopes: invitation.scopes,
          at: now,
        });
        return { member: member! };
      });
    },
  };
}
export type CareInvitationRepository = ReturnType<typeof createCareInvitationRepository>;

/** Why `readerId` (null: signed out) cannot use this invitation at `now`, or null when they can. */
function refusalOf(invitation: InvitationRow, readerId: string | null, now: Date): InvitationRefusal | null {
  if (readerId !== null && invitation.patient_id === readerId) return 'own';
  if (invitation.used_at) return 'used';
  if (invitation.revoked_at) return 'revoked';
  if (invitation.expires_at.getTime() <= now.getTime()) return 'expired';
  return null;
}
