import { it } from 'vitest';
import { as, createTestApp, signUpUser } from '../helpers.ts';
it('probe', async () => {
  const t = await createTestApp();
  const b = await signUpUser(t, 'Buyer');
  for (const [ct, url] of [['"cNok\'+{-', '/api/users/.'], ['application/json', '/api/users/.'], ['"cNok\'+{-', '/api/nothing'], ['"cNok\'+{-', '/api/contact']]) {
    const res = await as(t, b, { method: 'DELETE', url, headers: { 'content-type': ct }, payload: Buffer.from('"x"') });
    console.log('RES', ct, url, res.statusCode, res.body.slice(0, 300));
  }
  await t.close();
});
