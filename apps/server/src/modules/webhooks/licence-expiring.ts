import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recordEvent } from '../events';

/** How long before expiry licence.expiring is emitted. */
export const EXPIRING_NOTICE_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * Emits licence.expiring once per licence and expiry date, for licences expiring within 3 days.
 * The unique (licence, expiry) notice row is the guard: concurrent runs in several processes
 * emit each event once; an extended licence gets a new notice before its new expiry.
 */
export async function emitExpiringLicences(db: Db, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const due = (
      (await tx.execute(sql`
        with noticed as (
          insert into licence_expiry_notices (licence_id, expires_at)
          select id, expires_at from licences
          where expires_at > ${now.toISOString()}::timestamptz
            and expires_at <= ${new Date(now.getTime() + EXPIRING_NOTICE_MS).toISOString()}::timestamptz
          on conflict do nothing
          returning licence_id, expires_at)
        select n.licence_id, n.expires_at, l.user_id, l.product_id, u.username
        from noticed n join licences l on l.id = n.licence_id join users u on u.id = l.user_id`)) as unknown as {
        rows: {
          licence_id: string;
          expires_at: Date | string;
          user_id: string;
          product_id: string;
          username: string;
        }[];
      }
    ).rows;
    for (const row of due) {
      await recordEvent(tx, {
        type: 'licence.expiring',
        userId: row.user_id,
        subjectType: 'licence',
        subjectId: row.licence_id,
        payload: {
          licenceId: row.licence_id,
          productId: row.product_id,
          username: row.username,
          expiresAt: new Date(row.expires_at).toISOString(),
        },
      });
    }
    return due.length;
  });
}
