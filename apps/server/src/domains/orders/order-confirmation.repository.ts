import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, mailOutbox } from '../../db/schema';

// The SQL of order-confirmation.service.ts: the account's name and offset for the e-mail, and the Outbox.

export async function findAccountForMail(db: Db, accountId: number) {
  const [account] = await db
    .select({ name: accounts.name, utcOffset: accounts.utcOffset })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return account;
}

/** Records a message in the Outbox; answers its row (id and status) as a one-element list. */
export async function insertOutboxMessage(tx: Db, values: typeof mailOutbox.$inferInsert) {
  return tx.insert(mailOutbox).values(values).returning({ id: mailOutbox.id, status: mailOutbox.status });
}

/** A page of the account's Outbox, newest first, without the bodies; each row carries the total count. */
export async function listOutboxRows(db: Db, accountId: number, page: { limit: number; offset: number }) {
  return db
    .select({
      id: mailOutbox.id,
      toAddress: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      error: mailOutbox.error,
      channelOrderId: mailOutbox.channelOrderId,
      createdAt: mailOutbox.createdAt,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.accountId, accountId))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function findOutboxMessage(db: Db, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.accountId, accountId)));
  return row;
}
