import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../src/db/schema/index.js';
import { signedUp } from '../developers.js';
import { createTestApp, databaseKinds, operatorAdmin, signedInAdmin, type TestApp } from '../helpers.js';

describe.each(databaseKinds)('the current subscription on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, operatorAdmin());
  });
  afterAll(() => t.close());

  it('is the same one on /account and in the admin list: premium first, then the newest, then the larger id', async () => {
    const { client: member, userId } = await signedUp(t.app, '198.51.100.31', 'subscriber@example.com');
    const { client: boss } = await signedInAdmin(t.app, '198.51.100.32');

    /** Stores one subscription as Stripe's sync would; its period end names it, so both views show which row they chose. */
    const store = (id: string, status: string, created: string) =>
      t.database.db.insert(subscriptions).values({
        id,
        userId,
        customerId: 'cus_current',
        status,
        currentPeriodEnd: new Date(`2027-01-${id.slice(-2)}T00:00:00.000Z`),
        createdAt: new Date(created),
      });
    /** The chosen subscription's status and period end, as /account and the admin list each show it. */
    const shown = async () => {
      const account = (await member.get('/api/subscription')).json() as {
        subscription: { status: string; currentPeriodEnd: string } | null;
      };
      const list = (await boss.get('/api/admin/users?q=subscriber%40example.com')).json() as {
        users: { subscriptionStatus: string | null; currentPeriodEnd: string | null }[];
      };
      expect(list.users).toHaveLength(1);
      return {
        account: account.subscription && [account.subscription.status, account.subscription.currentPeriodEnd],
        admin: [list.users[0]!.subscriptionStatus, list.users[0]!.currentPeriodEnd],
      };
    };
    const both = (status: string, day: string) => ({
      account: [status, `2027-01-${day}T00:00:00.000Z`],
      admin: [status, `2027-01-${day}T00:00:00.000Z`],
    });

    expect(await shown()).toEqual({ account: null, admin: [null, null] });
    await store('sub_01', 'canceled', '2026-10-01T00:00:00Z');
    expect(await shown()).toEqual(both('canceled', '01'));
    // Of two that give nothing, the newest.
    await store('sub_02', 'incomplete_expired', '2026-11-01T00:00:00Z');
    expect(await shown()).toEqual(both('incomplete_expired', '02'));
    // A premium one wins over newer ones that give nothing.
    await store('sub_03', 'past_due', '2026-09-01T00:00:00Z');
    expect(await shown()).toEqual(both('past_due', '03'));
    // Of two premium ones, the newest.
    await store('sub_04', 'active', '2026-08-01T00:00:00Z');
    expect(await shown()).toEqual(both('past_due', '03'));
    await store('sub_05', 'active', '2026-09-02T00:00:00Z');
    expect(await shown()).toEqual(both('active', '05'));
    // Two premium ones of the same second: the larger id, on both pages.
    await store('sub_06', 'trialing', '2026-09-02T00:00:00Z');
    expect(await shown()).toEqual(both('trialing', '06'));
  });
});
