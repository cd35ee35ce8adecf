import { it } from 'vitest';
import { as, createTestApp, signUpUser } from '../helpers.ts';
it('probe', async () => {
  const t = await createTestApp();
  const a = await signUpUser(t, 'Admin');
  for (const url of ['/api/users/' + '9'.repeat(400), '/api/users/' + '9'.repeat(400) + '?cursor=x', '/api/cars/id/' + 'x'.repeat(70000)]) {
    const res = await as(t, a, { method: 'GET', url });
    console.log(res.statusCode, res.body.slice(0, 300));
  }
  await t.close();
});
