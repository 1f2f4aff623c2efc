import type { Queryable } from '../../db/db';

export interface AuditEvent {
  /** What was done, as `<item type>.<verb>`: 'advice.create', 'advice.publish', 'display-as.start'. */
  action: string;
  itemType?: string | null;
  itemId?: number | null;
  details?: Record<string, unknown> | null;
}

/**
 * Who acted: the signed-in person (`actor`) and, during display-as, the displayed user (`user`).
 * A session is one; so is a person signing in, before any session exists.
 */
export interface AuditActor {
  actor: { id: number };
  user: { id: number };
  displayAs: boolean;
}

/** What writes an audit line: the audit repository (plugins/app/audit), as plain code that writes in a transaction receives it. */
export interface AuditRecorder {
  /**
   * Writes who (the signed-in actor), as whom (the displayed user during display-as), what,
   * which item and when. Pass the transaction's db so the line is written with the change or not at all.
   */
  record(who: AuditActor, event: AuditEvent, db?: Queryable): Promise<void>;
}
