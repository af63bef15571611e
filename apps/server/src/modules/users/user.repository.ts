/** SQL for users. Every read or write is by the user's own id. */
import type { User, UserUpdate } from '@diacare/contract/users';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/**
 * The columns a User is made of, for a select that needs no more (the session lookup of every
 * request: no timestamps to parse, decision 105).
 */
export const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  sex: users.sex,
  age: users.age,
  address: users.address,
  state: users.state,
  country: users.country,
  pincode: users.pincode,
  diabetes_type: users.diabetes_type,
  picture: users.picture,
  timezone: users.timezone,
  language: users.language,
  glucose_unit: users.glucose_unit,
};

type UserRow = Pick<typeof users.$inferSelect, keyof typeof userColumns>;

/** The API shape of a user row (a whole row, or one selected with userColumns). */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    sex: row.sex,
    age: row.age,
    address: row.address,
    state: row.state,
    country: row.country,
    pincode: row.pincode,
    diabetes_type: row.diabetes_type,
    picture: row.picture,
    timezone: row.timezone,
    language: row.language,
    glucose_unit: row.glucose_unit,
  };
}

export interface SignInIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  name: string | null;
  picture: string | null;
}

export function createUserRepository(db: Database) {
  return {
    async findById(id: string): Promise<User | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row ? toUser(row) : null;
    },

    /**
     * Finds or creates the user for (issuer, subject). The email (when the provider sends a
     * verified one) and picture follow the provider; the name is taken from the provider only until the user has set one.
     */
    async upsertByIdentity(identity: SignInIdentity): Promise<User> {
      const [row] = await db
        .insert(users)
        .values(identity)
        .onConflictDoUpdate({
          target: [users.issuer, users.subject],
          set: {
            // A sign-in without a (verified) email keeps the one stored before.
            email: sql`coalesce(excluded.email, ${users.email})`,
            picture: sql`coalesce(excluded.picture, ${users.picture})`,
            name: sql`coalesce(${users.name}, excluded.name)`,
            updated_at: sql`now()`,
          },
        })
        .returning();
      return toUser(row!);
    },

    /** Merges `patch` into the user. */
    async update(id: string, patch: Omit<UserUpdate, 'email'>): Promise<User | null> {
      const values = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
      if (Object.keys(values).length === 0) return this.findById(id);
      const [row] = await db
        .update(users)
        .set({ ...values, updated_at: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row ? toUser(row) : null;
    },

    /**
     * Deletes the user and, in the same transaction, every row that belongs to them: each
     * user table references users(id) ON DELETE CASCADE (profile, medicines, adherence,
     * readings, appointments, reminders, push subscriptions, notification settings,
     * sessions, sign-in codes, and any table added with the same reference; a test walks
     * every table of the schema). Returns false when there was no such user.
     */
    async deleteAccount(id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const deleted = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
        return deleted.length === 1;
      });
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
