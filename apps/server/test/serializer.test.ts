import { userSchema } from '@redline/shared';
import { contract } from '@redline/shared/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileSerializer, responseSerializer } from '../src/http/serializer.ts';

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

  it("compiles every route's declared answers (compiled on a route's first answer, not at start-up)", () => {
    const answers = Object.values(contract).flatMap((route) =>
      Object.entries(route.responses)
        .filter(([, answer]) => answer instanceof z.ZodType)
        .map(([status, answer]) => ({ id: `${route.operationId} ${status}`, schema: answer as z.ZodType })),
    );
    expect(answers.length).toBeGreaterThan(100);
    for (const { id, schema } of answers) {
      expect(() => compileSerializer(schema), id).not.toThrow();
    }
  });
});
