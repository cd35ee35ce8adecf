import { userSchema } from '@redline/shared';
import { describe, expect, it } from 'vitest';
import { responseSerializer } from '../src/http/serializer.ts';

const user = { id: 'u1', name: 'Ada', email: 'ada@example.test', role: 'Buyer', isVerified: false };
const compile = (checkShapes: boolean) =>
  responseSerializer(checkShapes)({ schema: userSchema, method: 'GET', url: '/api/me', httpStatus: '200' });

describe('response serializer', () => {
  it('writes only the fields the response schema declares', () => {
    for (const checkShapes of [false, true]) {
      const json = compile(checkShapes)({ ...user, password: 'secret', sessionToken: 'tok' });
      expect(JSON.parse(json)).toEqual(user);
    }
  });

  it('refuses a response of the wrong shape outside production', () => {
    expect(() => compile(true)({ ...user, role: 'Emperor' })).toThrow(/Response doesn't match the schema/);
  });
});
