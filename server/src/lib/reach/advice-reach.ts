import type { AdviceReach, AdviceReachQuery, ReachCounts, ReachPerson } from '@hub/shared/api';
import type { Queryable } from '../../db/db';
import { iso } from '../iso';

// The reach of one advice (docs/product.md, "Must-read advices and reach"): its recipients, as the
// advices' visibility rule names them (content/visibility.ts: the people of its company, or its
// named recipients of that company), with when each opened it and confirmed reading it. The totals
// are read from counts kept as the writes happen (migration 0161), never counted on a read; only a
// personal advice's recipients (a handful of named people) are counted from their rows.

/** What the reach needs of the advice: the caller has been checked to manage it. */
export interface ReachSubject {
  id: number;
  entityId: number | null;
  audience: 'user' | 'multi_users';
  mustRead: boolean;
}

/** SQL: the recipients `u` of the advice ($1 its id, $2 its company), as FROM and WHERE parts. */
const recipients = (audience: ReachSubject['audience']) =>
  audience === 'multi_users'
    ? { from: 'users u', where: 'u.entity_id = $2' }
    : { from: 'advice_users au JOIN users u ON u.id = au.user_id', where: 'au.advice_id = $1 AND u.entity_id = $2' };
/** The recipients with their people's columns: `and` adds to the condition. */
const peopleSql = (audience: ReachSubject['audience'], and = '') => {
  const { from, where } = recipients(audience);
  return `SELECT ${PERSON_COLUMNS} FROM ${from} ${PERSON_JOINS} WHERE ${where} ${and} ORDER BY u.last_name, u.first_name, u.id`;
};

interface PersonRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  entity_name: string | null;
  first_viewed_at: Date | string | null;
  last_viewed_on: string | null;
  view_days: number;
  acknowledged_at: Date | string | null;
}

const PERSON_COLUMNS = `u.id, u.first_name, u.last_name, u.email, e.name AS entity_name,
       v.first_viewed_at, to_char(v.last_viewed_on, 'YYYY-MM-DD') AS last_viewed_on, coalesce(v.view_days, 0)::int AS view_days,
       k.acknowledged_at`;
const PERSON_JOINS = `LEFT JOIN entities e ON e.id = u.entity_id
  LEFT JOIN advice_viewers v ON v.advice_id = $1 AND v.user_id = u.id
  LEFT JOIN advice_acknowledgements k ON k.advice_id = $1 AND k.user_id = u.id`;

const toPerson = (row: PersonRow): ReachPerson => ({
  id: row.id,
  first_name: row.first_name,
  last_name: row.last_name,
  email: row.email,
  entity_name: row.entity_name,
  first_viewed_at: iso(row.first_viewed_at),
  last_viewed_on: row.last_viewed_on,
  view_days: row.view_days,
  acknowledged_at: iso(row.acknowledged_at),
});

/** The counts, in total and by company, and one page of people in name order. */
export async function adviceReach(db: Queryable, advice: ReachSubject, query: AdviceReachQuery): Promise<AdviceReach> {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? 20;
  const recipientCount =
    advice.entityId === null
      ? 0
      : advice.audience === 'multi_users'
        ? ((
            await db.query<{ people: number }>('SELECT people FROM entity_people_counts WHERE entity_id = $1', [advice.entityId], {
              prepare: true,
            })
          ).rows[0]?.people ?? 0)
        : (
            await db.query<{ count: number }>(
              `SELECT count(*)::int AS count FROM ${recipients('user').from} WHERE ${recipients('user').where}`,
              [advice.id, advice.entityId],
              {
                prepare: true,
              },
            )
          ).rows[0]!.count;
  const { rows: kept } = await db.query<{ entity_id: number; entity_name: string | null; viewed: number; acknowledged: number }>(
    `SELECT c.entity_id, e.name AS entity_name, c.viewed, c.acknowledged
       FROM advice_reach_counts c LEFT JOIN entities e ON e.id = c.entity_id
      WHERE c.advice_id = $1 AND (c.viewed <> 0 OR c.acknowledged <> 0)`,
    [advice.id],
    { prepare: true },
  );
  const companies = new Map<number, AdviceReach['companies'][number]>();
  if (advice.entityId !== null) {
    const { rows } = await db.query<{ name: string }>('SELECT name FROM entities WHERE id = $1', [advice.entityId]);
    companies.set(advice.entityId, {
      entity_id: advice.entityId,
      entity_name: rows[0]?.name ?? null,
      recipients: recipientCount,
      viewed: 0,
      acknowledged: 0,
    });
  }
  for (const row of kept) {
    // 0 stands for no company (a person without one, or whose company is gone).
    const key = row.entity_id;
    const company = companies.get(key) ?? {
      entity_id: key === 0 ? null : key,
      entity_name: row.entity_name,
      recipients: 0,
      viewed: 0,
      acknowledged: 0,
    };
    company.viewed += row.viewed;
    company.acknowledged += row.acknowledged;
    companies.set(key, company);
  }
  const totals: ReachCounts = { recipients: recipientCount, viewed: 0, acknowledged: 0 };
  for (const company of companies.values()) {
    totals.viewed += company.viewed;
    totals.acknowledged += company.acknowledged;
  }
  const people =
    advice.entityId === null
      ? []
      : (
          await db.query<PersonRow>(
            `${peopleSql(advice.audience)} LIMIT $3 OFFSET $4`,
            [advice.id, advice.entityId, pageSize, (page - 1) * pageSize],
            { prepare: true },
          )
        ).rows.map(toPerson);
  return {
    advice_id: advice.id,
    must_read: advice.mustRead,
    totals,
    companies: [...companies.values()],
    people: { items: people, total: recipientCount, page, page_size: pageSize },
  };
}

/** The CSV's columns, in order. */
const CSV_HEADER = ['last_name', 'first_name', 'email', 'company', 'first_viewed_at', 'last_viewed_on', 'view_days', 'acknowledged_at'];
/** Rows read per statement while the CSV is written: memory stays flat however many recipients. */
const CSV_CHUNK = 2_000;

/** A CSV field: quoted when needed; a leading formula character is neutralised for spreadsheets. */
function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Every recipient, as CSV lines (the header first), read in name order by chunks (keyset). */
export async function* adviceReachCsv(db: Queryable, advice: ReachSubject): AsyncGenerator<string> {
  yield `${CSV_HEADER.join(',')}\n`;
  if (advice.entityId === null) return;
  let after: [string, string, number] | null = null;
  for (;;) {
    const keyset: string = after ? 'AND (u.last_name, u.first_name, u.id) > ($4, $5, $6)' : '';
    const { rows }: { rows: PersonRow[] } = await db.query<PersonRow>(`${peopleSql(advice.audience, keyset)} LIMIT $3`, [
      advice.id,
      advice.entityId,
      CSV_CHUNK,
      ...(after ?? []),
    ]);
    if (rows.length === 0) return;
    yield rows
      .map(toPerson)
      .map(
        (person) =>
          `${[
            person.last_name,
            person.first_name,
            person.email,
            person.entity_name,
            person.first_viewed_at,
            person.last_viewed_on,
            person.view_days,
            person.acknowledged_at,
          ]
            .map(csvField)
            .join(',')}\n`,
      )
      .join('');
    const last: PersonRow = rows[rows.length - 1]!;
    after = [last.last_name, last.first_name, last.id];
    if (rows.length < CSV_CHUNK) return;
  }
}
