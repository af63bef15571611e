/**
 * SQL for the care circle (decision 048). Every statement is scoped to the patient
 * or the member it is asked for: another person's id behaves like one that does not exist.
 */
import type {
  CareAuditEntry,
  CareMember,
  CareMemberUpdate,
  CarePatient,
  CareResource,
  CareRole,
  CareScope,
} from '@diacare/contract/care';
import { sortScopes } from '@diacare/contract/care';
import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { careAudit, careInvitations, careMembers, users } from '../../db/schema.ts';

type MemberRow = typeof careMembers.$inferSelect;
type AuditValues = Omit<typeof careAudit.$inferInsert, 'id'>;
/** Why an invitation cannot be accepted (each has its own message and status in the routes). */
export type InvitationRefusal = 'not_found' | 'used' | 'expired' | 'own' | 'already_member';
type InvitationRow = typeof careInvitations.$inferSelect;
type Refused = { refusal: InvitationRefusal };

const HOUR_MS = 3_600_000;
const actors = alias(users, 'actor');
const subjects = alias(users, 'subject');
const displayName = (row: { name: string | null; email: string | null } | null) => row?.name ?? row?.email ?? '';

function toMember(row: MemberRow, person: { name: string | null; email: string | null }): CareMember {
  return {
    id: row.id,
    name: displayName(person),
    email: person.email,
    role: row.role,
    scopes: row.scopes as CareScope[],
    can_mark_taken: row.can_mark_taken,
    alerts: row.alerts,
    joined_at: row.created_at.toISOString(),
  };
}

export function createCareRepository(db: Database) {
  const audit = (values: AuditValues) => db.insert(careAudit).values(values);

  return {
    /** Stores a new invitation by the hash of its token and writes 'invite' to the audit. */
    async createInvitation(
      patientId: string,
      values: { tokenHash: string; role: CareRole; scopes: CareScope[]; expiresAt: Date },
      now: Date,
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(careInvitations)
          .values({
            patient_id: patientId,
            token_hash: values.tokenHash,
            role: values.role,
            scopes: values.scopes,
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

    /**
     * The invitation a token names, with the inviter's name, or why it cannot be used by
     * `readerId` at `now`. Changes nothing.
     */
    async previewInvitation(
      tokenHash: string,
      readerId: string,
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
      return { invitation: row.invitation, inviterName: displayName(row.inviter) };
    },

    /**
     * Accepts an invitation for `memberId`: marks it used and adds the member, in one
     * transaction holding the invitation's row, so a link is used once even when two
     * people accept at the same moment. Writes 'join' to the patient's audit.
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

    /** The patient's circle, oldest member first. */
    async listMembers(patientId: string, limit: number): Promise<CareMember[]> {
      const rows = await db
        .select({ member: careMembers, person: { name: users.name, email: users.email } })
        .from(careMembers)
        .innerJoin(users, eq(users.id, careMembers.member_id))
        .where(eq(careMembers.patient_id, patientId))
        .orderBy(careMembers.created_at, careMembers.id)
        .limit(limit);
      return rows.map((row) => toMember(row.member, row.person));
    },

    /** Changes a member of the patient's circle and writes 'change'; null when not theirs. */
    async updateMember(patientId: string, id: string, patch: CareMemberUpdate, now: Date) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(careMembers)
          .set({ ...patch, ...(patch.scopes ? { scopes: sortScopes(patch.scopes) } : {}), updated_at: now })
          .where(and(eq(careMembers.id, id), eq(careMembers.patient_id, patientId)))
          .returning();
        if (!row) return null;
        await tx.insert(careAudit).values({
          patient_id: patientId,
          actor_id: patientId,
          member_id: row.member_id,
          action: 'change',
          role: row.role,
          scopes: row.scopes,
          at: now,
        });
        const [person] = await tx.select().from(users).where(eq(users.id, row.member_id));
        return toMember(row, person!);
      });
    },

    /** Removes a member from the patient's circle and writes 'remove'; false when not theirs. */
    async removeMember(patientId: string, id: string, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .delete(careMembers)
          .where(and(eq(careMembers.id, id), eq(careMembers.patient_id, patientId)))
          .returning();
        if (!row) return false;
        await tx.insert(careAudit).values({
          patient_id: patientId,
          actor_id: patientId,
          member_id: row.member_id,
          action: 'remove',
          role: row.role,
          at: now,
        });
        return true;
      });
    },

    /** The people `memberId` cares for, in the order they joined. */
    async listPatients(memberId: string, limit: number): Promise<CarePatient[]> {
      const rows = await db
        .select({ member: careMembers, patient: users })
        .from(careMembers)
        .innerJoin(users, eq(users.id, careMembers.patient_id))
        .where(eq(careMembers.member_id, memberId))
        .orderBy(careMembers.created_at, careMembers.id)
        .limit(limit);
      return rows.map(({ member, patient }) => ({
        patient_id: patient.id,
        name: displayName(patient),
        timezone: patient.timezone,
        role: member.role,
        scopes: member.scopes as CareScope[],
        can_mark_taken: member.can_mark_taken,
      }));
    },

    /** `memberId`'s membership in `patientId`'s circle, with the patient's zone; null when none. */
    async findMembership(patientId: string, memberId: string) {
      const [row] = await db
        .select({ member: careMembers, timezone: users.timezone })
        .from(careMembers)
        .innerJoin(users, eq(users.id, careMembers.patient_id))
        .where(and(eq(careMembers.patient_id, patientId), eq(careMembers.member_id, memberId)));
      return row ? { ...row.member, scopes: row.member.scopes as CareScope[], timezone: row.timezone } : null;
    },

    /** Writes 'view' unless this member already viewed this resource this hour. */
    async recordView(patientId: string, memberId: string, resource: CareResource | 'alerts', now: Date): Promise<void> {
      const hour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
      await db
        .insert(careAudit)
        .values({
          patient_id: patientId,
          actor_id: memberId,
          member_id: memberId,
          action: 'view',
          resource,
          hour,
          at: now,
        })
        .onConflictDoNothing();
    },

    /** Writes 'mark_taken': a member recorded a dose on the patient's behalf. */
    async recordMarkTaken(patientId: string, memberId: string, now: Date): Promise<void> {
      await audit({
        patient_id: patientId,
        actor_id: memberId,
        member_id: memberId,
        action: 'mark_taken',
        resource: 'adherence',
        at: now,
      });
    },

    /** The patient's audit, newest first. */
    async listAudit(patientId: string, limit: number): Promise<CareAuditEntry[]> {
      const rows = await db
        .select({
          entry: careAudit,
          actor: { name: actors.name, email: actors.email },
          subject: { name: subjects.name, email: subjects.email },
        })
        .from(careAudit)
        .innerJoin(actors, eq(actors.id, careAudit.actor_id))
        .leftJoin(subjects, eq(subjects.id, careAudit.member_id))
        .where(eq(careAudit.patient_id, patientId))
        .orderBy(desc(careAudit.at), desc(careAudit.id))
        .limit(limit);
      return rows.map(({ entry, actor, subject }) => ({
        id: entry.id,
        action: entry.action,
        actor_name: displayName(actor),
        member_name: entry.member_id ? displayName(subject) : null,
        role: entry.role,
        scopes: entry.scopes as CareScope[] | null,
        resource: entry.resource,
        detail: entry.detail,
        at: entry.at.toISOString(),
      }));
    },
  };
}
export type CareRepository = ReturnType<typeof createCareRepository>;

/** Why `readerId` cannot use this invitation at `now`, or null when they can. */
function refusalOf(invitation: InvitationRow, readerId: string, now: Date): InvitationRefusal | null {
  if (invitation.patient_id === readerId) return 'own';
  if (invitation.used_at) return 'used';
  if (invitation.expires_at.getTime() <= now.getTime()) return 'expired';
  return null;
}
