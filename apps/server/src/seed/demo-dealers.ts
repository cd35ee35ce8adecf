/**
 * The demo dealers (ADR 63): the demo sellers that are businesses get their dealer profile through
 * the dealers module, as a seller's form makes one, and the demo admin verifies them with a note, so
 * the log says who verified what. A demo seller that already has a profile is left alone.
 */
import { DEMO_DEALERS, DEMO_USERS } from '@redline/demo-art/data';
import { inArray } from 'drizzle-orm';
import { sellsForOf } from '../access/record-access.ts';
import type { AppContext } from '../context.ts';
import { users } from '../db/schema.ts';
import { dealerOf, saveMyDealerProfile, setVerification } from '../modules/dealers/index.ts';

/** Makes the demo dealers that are missing; answers how many it made. */
export async function seedDemoDealers(context: Pick<AppContext, 'database' | 'photos'>): Promise<number> {
  const admin = DEMO_USERS.find((user) => user.role === 'Admin')!;
  const accounts = await context.database.db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      isVerified: users.isVerified,
    })
    .from(users)
    .where(inArray(users.email, [admin.email, ...DEMO_DEALERS.map((dealer) => dealer.email)]));
  // Each account as its session would know it, so the dealers module checks what it checks for anyone.
  const actors = await Promise.all(
    accounts.map(async (account) => ({
      ...account,
      emailVerified: true,
      sellsFor: await sellsForOf(context.database.db, account),
    })),
  );
  const byEmail = new Map(actors.map((actor) => [actor.email, actor]));
  const verifier = byEmail.get(admin.email);
  let made = 0;
  for (const dealer of DEMO_DEALERS) {
    const seller = byEmail.get(dealer.email);
    if (!seller || !verifier || (await dealerOf(context, seller.id))) continue;
    await saveMyDealerProfile(context, seller, dealer.profile);
    await setVerification(context, verifier, seller.id, { verified: true, note: dealer.verificationNote });
    made += 1;
  }
  return made;
}
