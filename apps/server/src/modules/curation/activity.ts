import type { TActivity, TActivityRequest, TLanguage } from '@caravan/contracts';
import { ZActivityRequest } from '@caravan/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { activities } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { recordAudit } from '../audit';

type TActivityRow = typeof activities.$inferSelect;

function toActivity(row: TActivityRow): TActivity {
  return {
    id: String(row.id),
    titles: row.titles as Record<string, string>,
    detailUrl: row.detailUrl,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    isActive: row.isActive,
  };
}

export async function listActivities(db: Executor): Promise<TActivity[]> {
  const rows = await db.select().from(activities).orderBy(desc(activities.id));
  return rows.map(toActivity);
}

/** The activity running now (the newest active one whose schedule holds), for activity/lottery!getCurrentActivity. */
export async function getCurrentActivity(
  db: Executor,
  lang: TLanguage,
): Promise<{
  id: string | null;
  title: string;
  detailUrl: string;
  startsAt: string | null;
  endsAt: string | null;
}> {
  const [row] = await db
    .select()
    .from(activities)
    .where(
      sql`${activities.isActive} and (${activities.startsAt} is null or ${activities.startsAt} <= now())
        and (${activities.endsAt} is null or ${activities.endsAt} > now())`,
    )
    .orderBy(desc(activities.id))
    .limit(1);
  if (!row) {
    return { id: null, title: '', detailUrl: '', startsAt: null, endsAt: null };
  }
  const titles = row.titles as Record<string, string>;
  return {
    id: String(row.id),
    title: titles[lang] ?? titles.en ?? '',
    detailUrl: row.detailUrl,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
  };
}

export async function saveActivity(
  db: Database,
  input: { staffId: bigint; id: bigint | null; request: TActivityRequest },
): Promise<TActivity> {
  const request = ZActivityRequest.parse(input.request);
  const columns = {
    titles: request.titles,
    detailUrl: request.detailUrl,
    startsAt: request.startsAt ? new Date(request.startsAt) : null,
    endsAt: request.endsAt ? new Date(request.endsAt) : null,
    isActive: request.isActive,
    updatedAt: new Date(),
  };
  return db.transaction(async (tx) => {
    let before: TActivityRow | null = null;
    let row: TActivityRow | undefined;
    if (input.id === null) {
      [row] = await tx.insert(activities).values(columns).returning();
    } else {
      [before = null] = await tx.select().from(activities).where(eq(activities.id, input.id)).for('update');
      if (!before) {
        throw new AppError('RECORD_NOT_FOUND');
      }
      [row] = await tx.update(activities).set(columns).where(eq(activities.id, input.id)).returning();
    }
    await recordAudit(tx, {
      staffId: input.staffId,
      action: input.id === null ? 'activity.create' : 'activity.update',
      targetType: 'activity',
      targetId: row!.id,
      details: { before: before ? toActivity(before) : null, after: toActivity(row!) },
    });
    return toActivity(row!);
  });
}
