// Messages between two people (part 1 §2 Messages, §3, §4, §5): one conversation per pair of users, whatever car
// they write about. Sending is one write batch (the car's contact and inquiry counts, the pair's conversation, the
// message, the recipient's notification); reading checks that the reader is one of the pair. The database is the
// truth; the live room only says "look".
import { and, desc, eq, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { cars, conversations, messages, notifications, profiles, users } from "#db/schema";
import type { Db } from "~/db.server";
import { messagePreview } from "~/messages/message-form";
import { countListingFigures } from "~/cars/listing-stats.server";
import { displayName } from "~/profiles/display-name";
import { vilniusDay } from "~/utils/calendar-days";

/** Part 1 §9: messages are fetched 100 at a time. */
export const MESSAGES_FETCHED = 100;
export const CONVERSATIONS_LISTED = 100;

export interface NewMessage {
  senderId: string;
  recipientId: string;
  carId: string | null;
  type: "general" | "booking_inquiry";
  subject: string | null;
  content: string;
  bookingStartDate?: string | null;
  bookingEndDate?: string | null;
  pickupLocation?: string | null;
}

/** The pair in the order the conversations table keeps it (user_a_id < user_b_id). */
export function orderedPair(one: string, other: string): [string, string] {
  return one < other ? [one, other] : [other, one];
}

/**
 * Saves a message: the pair's conversation (created on the first message, its last_message_at moved on later ones),
 * the message, and the recipient's "new message" notification — one per conversation while unread, its count
 * going up, so a long exchange does not bury the bell. All in one batch.
 */
export async function sendMessage(db: Db, message: NewMessage, now = new Date()) {
  const [a, b] = orderedPair(message.senderId, message.recipientId);
  const id = crypto.randomUUID();
  const at = now.getTime();
  const conversationOfPair = sql`(select id from conversations where user_a_id = ${a} and user_b_id = ${b})`;
  const preview = messagePreview(message.content);
  await db.batch([
    // The car's figures for its owner, before the message is written: a contact when this is the first message about
    // the car between the two, an inquiry when it asks to book. Only messages to the car's owner count.
    countListingFigures(db, {
      carId: message.carId,
      day: vilniusDay(now),
      add: {
        contacts: sql`not exists (select 1 from messages m where m.car_id = c.id and m.conversation_id = ${conversationOfPair})`,
        inquiries: message.type === "booking_inquiry" ? 1 : 0,
      },
      when: sql`c.owner_id = ${message.recipientId}`,
    }),
    db.run(sql`
      insert into conversations (id, user_a_id, user_b_id, last_message_at, created_at)
      values (${crypto.randomUUID()}, ${a}, ${b}, ${at}, ${at})
      on conflict (user_a_id, user_b_id) do update set last_message_at = excluded.last_message_at`),
    db.run(sql`
      insert into messages (id, conversation_id, sender_id, recipient_id, car_id, message_type, subject, content,
        booking_start_date, booking_end_date, pickup_location, created_at)
      values (${id}, ${conversationOfPair}, ${message.senderId}, ${message.recipientId}, ${message.carId},
        ${message.type}, ${message.subject}, ${message.content}, ${message.bookingStartDate ?? null},
        ${message.bookingEndDate ?? null}, ${message.pickupLocation ?? null}, ${at})`),
    db.run(sql`
      update notifications
      set data = json_set(data, '$.count', coalesce(json_extract(data, '$.count'), 1) + 1, '$.preview', ${preview},
            '$.message_id', ${id}),
          created_at = ${at}
      where user_id = ${message.recipientId} and type = 'new_message' and read = 0
        and json_extract(data, '$.conversation_id') = ${conversationOfPair}`),
    db.run(sql`
      insert into notifications (id, user_id, type, data, read, created_at)
      select ${crypto.randomUUID()}, ${message.recipientId}, 'new_message',
        json_object('conversation_id', ${conversationOfPair}, 'message_id', ${id}, 'sender_id', ${message.senderId},
          'preview', ${preview}, 'count', 1, 'car_id', ${message.carId}),
        0, ${at}
      where not exists (
        select 1 from notifications
        where user_id = ${message.recipientId} and type = 'new_message' and read = 0
          and json_extract(data, '$.conversation_id') = ${conversationOfPair})`),
  ]);
  const [row] = await db.select({ conversationId: messages.conversationId }).from(messages).where(eq(messages.id, id));
  return { id, conversationId: row!.conversationId };
}

/** A person as messages show them: the name they go by, their picture, and whether the account still exists. */
function personRows(db: Db) {
  return db
    .select({
      id: users.id,
      fullName: profiles.fullName,
      companyName: profiles.companyName,
      accountType: profiles.accountType,
      avatarKey: profiles.avatarKey,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id));
}

function personOf(row: Awaited<ReturnType<typeof personRows>>[number]) {
  const active = row.deletedAt === null;
  return { id: row.id, name: active ? displayName(row) : null, avatarKey: active ? row.avatarKey : null, active };
}

/** Someone a message can go to: an existing account that is not deleted, and not the sender. */
export async function findRecipient(db: Db, senderId: string | SQL, recipientId: string) {
  // Never oneself, said by the query: the sender may be the session's subquery (its answer not known yet).
  const [row] = await personRows(db)
    .where(and(eq(users.id, recipientId), ne(users.id, senderId)))
    .limit(1);
  const person = row ? personOf(row) : null;
  return person?.active ? person : null;
}

/** A conversation as its party sees it; "forbidden" when it exists but the reader is not one of the pair. */
export async function findConversation(db: Db, userId: string, conversationId: string) {
  return (await readConversation(db, conversationId)).as(userId);
}

/**
 * findConversation for a reader not known yet (the session's lookup is on its way): the conversation and both its
 * people by the conversation's id alone, in one round trip; `as` then decides for the reader.
 */
export async function readConversation(db: Db, conversationId: string) {
  const party = (column: "user_a_id" | "user_b_id") =>
    sql`(select ${sql.raw(column)} from ${conversations} where ${conversations.id} = ${conversationId})`;
  const [[row], people] = await Promise.all([
    db.select().from(conversations).where(eq(conversations.id, conversationId)).limit(1),
    personRows(db).where(or(eq(users.id, party("user_a_id")), eq(users.id, party("user_b_id")))),
  ]);
  return {
    as(userId: string) {
      if (!row) return { status: "missing" as const };
      if (row.userAId !== userId && row.userBId !== userId) return { status: "forbidden" as const };
      const otherId = row.userAId === userId ? row.userBId : row.userAId;
      const other = people.find((person) => person.id === otherId);
      return {
        status: "ok" as const,
        conversation: row,
        other: other ? personOf(other) : { id: otherId, name: null, avatarKey: null, active: false },
      };
    },
  };
}

/** The thread: its latest 100 messages, oldest first, each with the car it is about. */
export async function threadMessages(db: Db, conversationId: string) {
  const rows = await db
    .select({
      id: messages.id,
      senderId: messages.senderId,
      recipientId: messages.recipientId,
      type: messages.messageType,
      subject: messages.subject,
      content: messages.content,
      bookingStartDate: messages.bookingStartDate,
      bookingEndDate: messages.bookingEndDate,
      pickupLocation: messages.pickupLocation,
      createdAt: messages.createdAt,
      readAt: messages.readAt,
      carId: cars.id,
      carMake: cars.make,
      carModel: cars.model,
      carYear: cars.year,
    })
    .from(messages)
    .leftJoin(cars, eq(cars.id, messages.carId))
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.createdAt), desc(sql`${messages}.rowid`))
    .limit(MESSAGES_FETCHED);
  return rows.reverse();
}

/**
 * Part 1 §4: opening a conversation marks what the reader received in it read (read_at), and the bell's "new
 * message" line for it. Only the recipient's messages: the other side's read marks are theirs to set.
 */
export async function markConversationRead(db: Db, userId: string, conversationId: string, now = new Date()) {
  const [result] = await db.batch(markReadStatements(db, userId, conversationId, now));
  return result.rowsAffected;
}

/**
 * The inbox beside an open conversation: what the reader received in it marked read, then the list read, in one
 * write batch, so the list's unread badges agree with the open thread.
 */
export async function markReadAndListConversations(
  db: Db,
  userId: string,
  conversationId: string,
  search = "",
  now = new Date(),
): Promise<ConversationSummary[]> {
  const [, , rows] = await db.batch([
    ...markReadStatements(db, userId, conversationId, now),
    conversationRows(db, userId, search),
  ]);
  return rows.map(conversationSummary);
}

function markReadStatements(db: Db, userId: string, conversationId: string, now: Date) {
  return [
    db
      .update(messages)
      .set({ readAt: now })
      .where(
        and(eq(messages.conversationId, conversationId), eq(messages.recipientId, userId), isNull(messages.readAt)),
      ),
    db
      .update(notifications)
      .set({ read: true })
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.type, "new_message"),
          eq(notifications.read, false),
          sql`json_extract(${notifications.data}, '$.conversation_id') = ${conversationId}`,
        ),
      ),
  ] as const;
}

/** LIKE with the user's text taken literally. */
function likeAny(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface ConversationSummary {
  id: string;
  otherId: string;
  otherName: string | null;
  otherAvatarKey: string | null;
  lastMessageAt: number;
  lastPreview: string;
  lastFromMe: boolean;
  carName: string | null;
  unread: number;
}

/**
 * Part 1 §2: the reader's conversations, newest first — the other person, the last message's preview, the latest
 * car talked about and how many messages the reader has not read. `search` matches the person's name, a message or
 * the car.
 */
export async function listConversations(
  db: Db,
  /** Their id, or SQL that yields it (the session's subquery: requireUserWith). */
  userId: string | SQL,
  search = "",
): Promise<ConversationSummary[]> {
  return (await conversationRows(db, userId, search)).map(conversationSummary);
}

function conversationRows(db: Db, userId: string | SQL, search: string) {
  const term = search.trim().slice(0, 100);
  // SQLite folds only ASCII letters' case, so "škoda" would miss "Škoda": the term is also tried lower-case,
  // upper-case and capitalised.
  const variants = [
    ...new Set([term, term.toLowerCase(), term.toUpperCase(), term.charAt(0).toUpperCase() + term.slice(1)]),
  ];
  const like = (column: ReturnType<typeof sql>) =>
    sql.join(
      variants.map((v) => sql`${column} like ${likeAny(v)} escape '\\'`),
      sql` or `,
    );
  const matches = term
    ? sql`and (${like(sql`coalesce(p.full_name, '')`)} or ${like(sql`coalesce(p.company_name, '')`)}
          or exists (select 1 from messages m left join cars ca on ca.id = m.car_id
                     where m.conversation_id = c.id
                       and (${like(sql`m.content`)} or ${like(sql`coalesce(m.subject, '')`)}
                            or ${like(sql`coalesce(ca.make || ' ' || ca.model, '')`)})))`
    : sql``;
  return db.all<ConversationRow>(sql`
    select c.id, c.last_message_at, u.id as other_id, p.full_name, p.company_name, p.account_type, p.avatar_key,
      u.deleted_at,
      (select m.content from messages m where m.conversation_id = c.id
        order by m.created_at desc, m.rowid desc limit 1) as last_content,
      coalesce((select m.sender_id from messages m where m.conversation_id = c.id
        order by m.created_at desc, m.rowid desc limit 1) = ${userId}, 0) as last_from_me,
      (select ca.make || ' ' || ca.model from messages m join cars ca on ca.id = m.car_id
        where m.conversation_id = c.id order by m.created_at desc, m.rowid desc limit 1) as car_name,
      (select count(*) from messages m
        where m.conversation_id = c.id and m.recipient_id = ${userId} and m.read_at is null) as unread
    from conversations c
    join users u on u.id = case when c.user_a_id = ${userId} then c.user_b_id else c.user_a_id end
    left join profiles p on p.id = u.id
    where (c.user_a_id = ${userId} or c.user_b_id = ${userId}) ${matches}
    order by c.last_message_at desc
    limit ${CONVERSATIONS_LISTED}`);
}

interface ConversationRow {
  id: string;
  other_id: string;
  full_name: string | null;
  company_name: string | null;
  account_type: "person" | "company" | null;
  avatar_key: string | null;
  deleted_at: number | null;
  last_message_at: number;
  last_content: string | null;
  last_from_me: number;
  car_name: string | null;
  unread: number;
}

function conversationSummary(row: ConversationRow): ConversationSummary {
  const active = row.deleted_at == null && (row.full_name || row.company_name);
  return {
    id: row.id,
    otherId: row.other_id,
    otherName: active
      ? displayName({ fullName: row.full_name, companyName: row.company_name, accountType: row.account_type })
      : null,
    otherAvatarKey: row.deleted_at == null ? row.avatar_key : null,
    lastMessageAt: Number(row.last_message_at),
    lastPreview: messagePreview(row.last_content ?? ""),
    lastFromMe: Boolean(Number(row.last_from_me)),
    carName: row.car_name,
    unread: Number(row.unread),
  };
}

/** The header's message badge: messages the user has received and not read. */
/** Unread messages to a person: their id, or SQL that yields it (a session's subquery: app/root.tsx). */
export async function countUnreadMessages(db: Db, userId: string | SQL): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(messages)
    .where(and(eq(messages.recipientId, userId), isNull(messages.readAt)));
  return Number(row?.n ?? 0);
}
