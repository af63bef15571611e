/**
 * SQL for the care circle's members and audit (decision 048; invitations are in
 * care-invitation.repository.ts). Every statement is scoped to the patient or the member it is
 * asked for: another person's id behaves like one that does not exist.
 */
import type {
  CareAuditEntry,
  CareMember,
  CareMemberUpdate,
  CarePatient,
  CareResource,
  CareScope,
} from '@diacare/contract/care';
import { sortScopes } from '@diacare/contract/care';
import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { careAudit, careMembers, users } from '../../db/schema.ts';

type MemberRow = typeof careMembers.$inferSelect;
type AuditValues = Omit<typeof careAudit.$inferInsert, 'id'>;

const HOUR_MS = 3_600_000;
const actors = alias(users, 'actor');
const subjects = alias(users, 'subject');
/** A person as others see them: their name, else their e-mail. */
export const displayName = (row: { name: string | null; email: string | null } | null) => row?.name ?? row?.email ?? '';

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

    /**
     * The people `memberId` cares for, in the order they joined: `limit` of them after the first
     * `offset`, or all when `limit` is null; each with when this member last marked them reviewed.
     */
    async listPatients(
      memberId: string,
      limit: number | null,
      offset = 0,
    ): Promise<(CarePatient & { reviewed_at: Date | null })[]> {
      const query = db
        .select({ member: careMembers, patient: users })
        .from(careMembers)
        .innerJoin(users, eq(users.id, careMembers.patient_id))
        .where(eq(careMembers.member_id, memberId))
        .orderBy(careMembers.created_at, careMembers.id)
        .offset(offset)
        .$dynamic();
      const rows = limit === null ? await query : await query.limit(limit);
      return rows.map(({ member, patient }) => ({
        patient_id: patient.id,
        name: displayName(patient),
        timezone: patient.timezone,
        role: member.role,
        scopes: member.scopes as CareScope[],
        can_mark_taken: member.can_mark_taken,
        reviewed_at: member.reviewed_at,
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

    /** Writes 'unmark_taken': a member undid their own Mark taken (the dose is pending again). */
    async recordUnmarkTaken(patientId: string, memberId: string, now: Date): Promise<void> {
      await audit({
        patient_id: patientId,
        actor_id: memberId,
        member_id: memberId,
        action: 'unmark_taken',
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
