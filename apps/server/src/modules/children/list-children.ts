import type { Child } from "@wonderkin/contract";
import { asc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { preparedStatement } from "../../db/prepared-statement";
import { child } from "../../db/schema";
import { toChild } from "./child-record";

// Every page load asks for the children: one prepared statement, photo counts included.
const familyChildren = preparedStatement((db: Database) =>
  db
    .select({
      ...getTableColumns(child),
      // Written out: in a one-table select Drizzle leaves column names unqualified, and "id" would
      // then mean the photo's own.
      photoCount: sql<number>`(select count(*) from "child_photo" where "child_photo"."child_id" = "child"."id")::int`,
      // Per parent: the intro shows once to each of them (the primary key makes this one index probe).
      studioIntroSeen: sql<boolean>`exists (select 1 from "studio_intro_seen" where "studio_intro_seen"."child_id" = "child"."id" and "studio_intro_seen"."user_id" = ${sql.placeholder("userId")})`,
    })
    .from(child)
    .where(eq(child.organizationId, sql.placeholder("familyId")))
    .orderBy(asc(child.createdAt), asc(child.id))
    .prepare("wonderkin_list_children"),
);

/**
 * getChildren of spec §7: the acting family's children, oldest first (the first is the default),
 * each saying whether this parent has seen its studio introduction.
 */
export async function listChildren(
  db: Database,
  options: { familyId: string; userId: string },
): Promise<Child[]> {
  const rows = await familyChildren(db).execute({ familyId: options.familyId, userId: options.userId });
  return rows.map(({ photoCount, studioIntroSeen, ...row }) => toChild(row, photoCount, studioIntroSeen));
}
