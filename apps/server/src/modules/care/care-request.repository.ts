/**
 * SQL for doctors' clinic codes (decision 087): made, listed and withdrawn by the doctor,
 * previewed and accepted by a patient, who then has the doctor in their circle exactly as an
 * accepted invitation would put them (care_members), and a 'share' line in their audit.
 */
import type { CareScope } from '@diacare/contract/care';
import { MAX_LIVE_CLINIC_CODES } from '@diacare/contract/care-requests';
import { and, count, desc, eq, gt, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { careAudit, careMembers, careRequests, users } from '../../db/schema.ts';
import { displayName } from './care.repository.ts';

/** Why a clinic code cannot be used; each has its own status and message in the routes. */
export type ClinicCodeRefusal = 'not_found' | 'revoked' | 'expired' | 'own' | 'already_member' | 'scopes_not_asked';
type RequestRow = typeof careRequests.$inferSelect;
type Refused = { refusal: ClinicCodeRefusal };

/** The doctor's codes that still work at `now`: not withdrawn, not expired. */
const liveOf = (memberId: string, now: Date): SQL =>
  and(eq(careRequests.member_id, memberId), isNull(careRequests.revoked_at), gt(careRequests.expires_at, now))!;

/** Why `readerId` (null: signed out) cannot use `row` at `now`, or null when they can. */
function refusalOf(row: RequestRow, readerId: string | null, now: Date): ClinicCodeRefusal | null {
  if (readerId !== null && row.member_id === readerId) return 'own';
  if (row.revoked_at) return 'revoked';
  if (row.expires_at.getTime() <= now.getTime()) return 'expired';
  return null;
}

export function createCareRequestRepository(db: Database) {
  return {
    /**
     * Stores a new clinic code of `memberId`; null, storing nothing, when they already have
     * MAX_LIVE_CLINIC_CODES live at `now` (counted under a lock on their user row).
     */
    async create(memberId: string, values: { code: string; scopes: CareScope[]; expiresAt: Date }, now: Date) {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, memberId)).for('no key update');
        const [live] = await tx.select({ n: count() }).from(careRequests).where(liveOf(memberId, now));
        if (live!.n >= MAX_LIVE_CLINIC_CODES) return null;
        const [row] = await tx
          .insert(careRequests)
          .values({
            member_id: memberId,
            code: values.code,
            role: 'doctor',
            scopes: values.scopes,
            expires_at: values.expiresAt,
            created_at: now,
          })
          .returning();
        return row!;
      });
    },

    /** The doctor's live codes at `now`, newest first, at most `limit`. */
    async listLive(memberId: string, now: Date, limit: number): Promise<RequestRow[]> {
      return db
        .select()
        .from(careRequests)
        .where(liveOf(memberId, now))
        .orderBy(desc(careRequests.created_at), desc(careRequests.id))
        .limit(limit);
    },

    /** Withdraws one of the doctor's live codes; false, changing nothing, when it is not one. */
    async revoke(memberId: string, id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(careRequests)
        .set({ revoked_at: now })
        .where(and(eq(careRequests.id, id), liveOf(memberId, now)))
        .returning({ id: careRequests.id });
      return rows.length > 0;
    },

    /**
     * The code's request and the doctor's name, or why `readerId` cannot use it at `now`.
     * Signed out, the name is never the doctor's e-mail address: only the part before '@'.
     */
    async preview(
      code: string,
      readerId: string | null,
      now: Date,
    ): Promise<Refused | { request: RequestRow; requesterName: string }> {
      const [row] = await db
        .select({ request: careRequests, requester: { name: users.name, email: users.email } })
        .from(careRequests)
        .innerJoin(users, eq(users.id, careRequests.member_id))
        .where(eq(careRequests.code, code));
      if (!row) return { refusal: 'not_found' };
      const refusal = refusalOf(row.request, readerId, now);
      if (refusal) return { refusal };
      const requesterName = readerId
        ? displayName(row.requester)
        : (row.requester.name ?? row.requester.email?.split('@')[0] ?? '');
      return { request: row.request, requesterName };
    },

    /**
     * `patientId` shares with the code's doctor: `scopes` (some of those asked, else all of them)
     * become the doctor's membership of the patient's circle, without the right to mark doses or
     * alerts, and 'share' is written to the patient's audit, in one transaction.
     */
    async accept(
      code: string,
      patientId: string,
      scopes: CareScope[] | undefined,
      now: Date,
    ): Promise<Refused | { ok: true }> {
      return db.transaction(async (tx) => {
        const [request] = await tx.select().from(careRequests).where(eq(careRequests.code, code));
        if (!request) return { refusal: 'not_found' as const };
        const refusal = refusalOf(request, patientId, now);
        if (refusal) return { refusal };
        const asked = request.scopes as CareScope[];
        const granted = scopes ?? asked;
        if (granted.some((scope) => !asked.includes(scope))) return { refusal: 'scopes_not_asked' as const };
        const [existing] = await tx
          .select({ id: careMembers.id })
          .from(careMembers)
          .where(and(eq(careMembers.patient_id, patientId), eq(careMembers.member_id, request.member_id)));
        if (existing) return { refusal: 'already_member' as const };
        const ordered = asked.filter((scope) => granted.includes(scope));
        await tx.insert(careMembers).values({
          patient_id: patientId,
          member_id: request.member_id,
          role: request.role,
          scopes: ordered,
          can_mark_taken: false,
          alerts: false,
          created_at: now,
          updated_at: now,
        });
        await tx.insert(careAudit).values({
          patient_id: patientId,
          actor_id: patientId,
          member_id: request.member_id,
          action: 'share',
          role: request.role,
          scopes: ordered,
          at: now,
        });
        return { ok: true as const };
      });
    },
  };
}
