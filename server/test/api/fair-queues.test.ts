import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedUp } from '../developers.js';
import { heavyPng, reserved, slowPhoto } from '../fair-uploads.js';
import { addressPool, createTestApp, databaseKinds, fixture, visitor, type TestApp } from '../helpers.js';

const nextIp = addressPool('198.51');

describe.each(databaseKinds)('fair queues on %s (docs/decisions/0147)', (kind) => {
  describe('lines', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { QUOTA_GUEST: '10' }, undefined, { queueLimits: { concurrency: 2, maxWaiting: 12 } });
    });
    afterAll(() => t.close());

    it("a guest's small upload beside one account's flood starts before the flood's later jobs", async () => {
      const { client: account } = await signedUp(t.app, nextIp(), `flood-${kind}@example.com`);
      const flood = await Promise.all([1, 2, 3, 4].map(slowPhoto));
      const finished: string[] = [];
      const floodAnswers = flood.map((photo, i) =>
        account.process(photo, `flood-${i}.jpg`, { quality: 'smart' }).then((answer) => {
          finished.push(`flood-${i}`);
          return answer;
        }),
      );
      // The whole flood holds its units and waits for the workers before the guest comes.
      await vi.waitFor(async () => expect(await reserved(t.database.db)).toBe(flood.length), { timeout: 60_000, interval: 50 });
      const guest = visitor(t.app, nextIp());
      const guestAnswer = await guest.process(await fixture('photo.jpg'), 'photo.jpg');
      finished.push('guest');
      expect(guestAnswer.statusCode, guestAnswer.body).toBe(201);
      for (const answer of await Promise.all(floodAnswers)) expect(answer.statusCode, answer.body).toBe(201);
      // In one line behind the flood the guest would start after three of the four ended (two workers); in a line of its own at once.
      expect(finished.indexOf('guest'), finished.join(' ')).toBeLessThanOrEqual(1);
    });
  });

  describe('the heavy-work budget', () => {
    let t: TestApp;
    beforeAll(async () => {
      // Every job outlives a 5 ms limit: each one is a limit hit.
      t = await createTestApp(kind, { QUOTA_GUEST: '20' }, undefined, { queueLimits: { concurrency: 1, maxWaiting: 12, wallLimitMs: 5 } });
    });
    afterAll(() => t.close());

    it('refuses heavy work with 429 after three limit hits in an hour, keeps smaller images, and frees it an hour later', async () => {
      const guest = visitor(t.app, nextIp());
      const heavy = await heavyPng();
      for (let i = 0; i < 3; i++) {
        const hit = await guest.process(heavy, `heavy-${i}.png`);
        expect(hit.statusCode, hit.body).toBe(422);
        expect(hit.json().error.code).toBe('image_too_complex');
      }
      const refused = await guest.process(heavy, 'heavy-3.png');
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.headers['retry-after']).toBe('3600');
      expect(refused.json().error).toMatchObject({ code: 'heavy_work_spent', params: { max: 3, minutes: 60 } });
      // The refusal and the limit hits used no quota.
      expect((await guest.get('/api/session/current')).json().imagesProcessed).toBe(0);
      // A small image is not heavy work: it still goes to a worker (and hits this test's 5 ms limit).
      expect((await guest.process(await fixture('photo.jpg'), 'photo.jpg')).statusCode).toBe(422);
      // Another guest is not charged for this one's files.
      expect((await visitor(t.app, nextIp()).process(heavy, 'other.png')).statusCode).toBe(422);

      t.clock.advanceHours(1.01);
      expect((await guest.process(heavy, 'later.png')).statusCode).toBe(422);
    });

    it("an account's queued heavy jobs are refused once its earlier ones spent the budget", async () => {
      const { client } = await signedUp(t.app, nextIp(), `heavy-${kind}@example.com`);
      const heavy = await heavyPng();
      const answers = await Promise.all([0, 1, 2, 3, 4].map((i) => client.process(heavy, `heavy-${i}.png`)));
      const codes = answers.map((answer) => answer.json().error?.code as string);
      expect(codes.filter((code) => code === 'image_too_complex')).toHaveLength(3);
      expect(codes.filter((code) => code === 'heavy_work_spent')).toHaveLength(2);
      for (const answer of answers.filter((one) => one.statusCode === 429))
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(3500);
      expect((await client.get('/api/session/current')).json().imagesProcessed).toBe(0);
    });
  });
});
