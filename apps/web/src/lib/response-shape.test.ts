import {
  CATALOGUE,
  currentUserSchema,
  maintenanceStatusSchema,
  productListSchema,
} from '@stellar/shared';
import { describe, expect, it } from 'vitest';
import { shapeDefOf } from '@/test/zod-shape';
import { currentUserShape } from './auth/current-user';
import { responseShape, ShapeError, type ResponseShape } from './response-shape';

const user = {
  _id: 'u1',
  username: 'nova',
  role: 'Member',
  twoFactorEnabled: false,
  balance: 12.5,
  mustChangePassword: false,
  impersonatedBy: null,
  createdAt: '2026-11-23T09:00:00.000Z',
};

/** Both accept and give the same value, or both reject. */
function expectSameAsZod<T>(shape: ResponseShape<T>, schema: { parse(v: unknown): unknown }) {
  return (input: unknown) => {
    let zodResult: unknown;
    let zodOk = true;
    try {
      zodResult = schema.parse(input);
    } catch {
      zodOk = false;
    }
    if (zodOk) expect(shape.parse(input)).toEqual(zodResult);
    else expect(() => shape.parse(input), JSON.stringify(input)).toThrow(ShapeError);
  };
}

describe('response shapes', () => {
  it('the current user shape is currentUserSchema', () => {
    expect(currentUserShape.def).toEqual(shapeDefOf(currentUserSchema));
  });

  it('reads like zod: same values, same rejections, unknown keys dropped', () => {
    const sameUser = expectSameAsZod(currentUserShape, currentUserSchema);
    sameUser(user);
    sameUser({ ...user, impersonatedBy: 'admin-1', extra: 'dropped' });
    sameUser({ ...user, role: 'Root' });
    sameUser({ ...user, impersonatedBy: undefined });
    sameUser({ ...user, balance: '12.5' });
    sameUser([user]);
    sameUser(null);

    const products = responseShape<unknown>(shapeDefOf(productListSchema));
    const sameProducts = expectSameAsZod(products, productListSchema);
    sameProducts(CATALOGUE);
    sameProducts([
      { ...CATALOGUE[0], pricing: [{ ...CATALOGUE[0]!.pricing[0], durationDays: 7.5 }] },
    ]);
    sameProducts([{ ...CATALOGUE[0], features: [1] }]);
    sameProducts({});

    const status = responseShape<unknown>(shapeDefOf(maintenanceStatusSchema));
    const sameStatus = expectSameAsZod(status, maintenanceStatusSchema);
    sameStatus({ chat: true, contact: false });
    sameStatus({ chat: 'yes' });
    sameStatus([true]);
  });

  it('says where the answer went wrong', () => {
    expect(() => currentUserShape.parse({ ...user, balance: null })).toThrow(
      'Expected number at .balance',
    );
  });
});
