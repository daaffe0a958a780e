import { z } from 'zod';
import { APPEAL_OUTCOMES, APPEAL_WINDOW_DAYS, appealText } from '../../domain/moderation/appeal.decider';
import { moderationReason } from '../../domain/moderation/moderation.schemas';
import { termsRules } from '../../domain/moderation/terms-grounds';
import { userViewLoader } from '../accounts/accounts.resolvers';
import type { AppContext } from '../app-context';
import { isAdmin, requireRoles, requireViewer, type RequestContext } from '../auth/viewer';
import { pageOf, pageRequest } from '../graphql/paging';
import { answerAppeal, appealDecision, appealDecisionByLink, statementOfAppealLink } from './appeals.handler';
import { listStatements, statementById, statementsByIds, type StatementRow } from './statements.repository';

const PAGE_SIZE = 20;
const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();
const id = z.coerce.number().int().positive();
const appealLinkToken = z.string().max(200);
const metadataOf = (context: RequestContext) => ({ correlationId: context.request.id });

/** A statement as its person or an admin reads it; who acted only for admins. */
export function statementOf(row: StatementRow, admin: boolean, now: Date) {
  const appealUntil = row.issued_at + APPEAL_WINDOW_DAYS * DAY_MS;
  return {
    id: row.id,
    kind: row.kind,
    itemType: row.item_type,
    itemId: row.item_id,
    itemLabel: row.item_label,
    itemUrl: row.item_url,
    facts: row.facts,
    ground: row.ground,
    groundRule: termsRules[row.ground].number,
    groundText: termsRules[row.ground].text,
    automated: row.automated,
    issuedAt: iso(row.issued_at),
    appealUntil: iso(appealUntil),
    canAppeal: row.appealed_at === null && now.getTime() <= appealUntil,
    appeal:
      row.appeal_text === null || row.appealed_at === null
        ? null
        : {
            text: row.appeal_text,
            appealedAt: iso(row.appealed_at),
            outcome: row.appeal_outcome,
            reason: row.appeal_reason,
            decidedAt: row.appeal_decided_at === null ? null : iso(row.appeal_decided_at),
            decidedById: admin ? row.appeal_decided_by : null,
          },
    userId: admin ? row.user_id : null,
    decidedById: admin ? row.decided_by : null,
  };
}
type StatementObject = ReturnType<typeof statementOf>;

type Query<T> = { obj: T; params: unknown };

export const statementsLoaders = {
  StatementOfReasons: {
    user: userViewLoader((statement: StatementObject) => statement.userId),
    decidedBy: userViewLoader((statement: StatementObject) => statement.decidedById),
  },
  Appeal: {
    decidedBy: userViewLoader((appeal: { decidedById: number | null }) => appeal.decidedById),
  },
  ModerationLogEntry: {
    // The moderation history is the admins': a takedown's, removal's or block's entry shares its
    // position with the statement it sent. One query for the page.
    statement: async (queries: Query<{ id: number }>[], context: RequestContext) => {
      if (!isAdmin(context.viewer)) return queries.map(() => null);
      const rows = await statementsByIds(
        context.services.pool,
        queries.map((q) => q.obj.id),
      );
      const now = context.services.now();
      return queries.map((q) => {
        const row = rows.get(q.obj.id);
        return row ? statementOf(row, true, now) : null;
      });
    },
  },
};

export function statementsResolvers(app: AppContext) {
  return {
    Query: {
      myStatements: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const viewer = requireViewer(context.viewer);
        const args = z.object({ page: z.unknown().optional() }).parse(rawArgs);
        const page = pageRequest(args.page, PAGE_SIZE);
        const { rows, total } = await listStatements(app.pool, { userId: viewer.id, appeals: null, ...page });
        const now = app.now();
        return pageOf(
          rows.map((row) => statementOf(row, false, now)),
          total,
          page,
        );
      },
      statementOfReasons: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const viewer = requireViewer(context.viewer);
        const args = z.object({ id }).parse(rawArgs);
        const row = await statementById(app.pool, args.id);
        const admin = isAdmin(viewer);
        if (!row || (!admin && row.user_id !== viewer.id)) return null;
        return statementOf(row, admin, app.now());
      },
      statementByAppealLink: async (_root: unknown, rawArgs: unknown) => {
        const args = z.object({ token: appealLinkToken }).parse(rawArgs);
        return statementOf(await statementOfAppealLink(app, args.token), false, app.now());
      },
      appeals: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        requireRoles(context.viewer, 'admin');
        const args = z
          .object({
            page: z.unknown().optional(),
            status: z.enum(['OPEN', 'ANSWERED', 'ALL']).nullish(),
          })
          .parse(rawArgs);
        const page = pageRequest(args.page, PAGE_SIZE);
        const { rows, total } = await listStatements(app.pool, {
          userId: null,
          appeals: args.status ?? 'ALL',
          ...page,
        });
        const now = app.now();
        return pageOf(
          rows.map((row) => statementOf(row, true, now)),
          total,
          page,
        );
      },
    },
    Mutation: {
      appealDecision: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const viewer = requireViewer(context.viewer);
        const args = z.object({ statementId: id, text: appealText }).parse(rawArgs);
        await appealDecision(app, viewer, args.statementId, args.text, metadataOf(context));
        return { id: args.statementId, success: true };
      },
      appealByLink: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const args = z.object({ token: appealLinkToken, text: appealText }).parse(rawArgs);
        const statementId = await appealDecisionByLink(app, args.token, args.text, metadataOf(context));
        return { id: statementId, success: true };
      },
      decideAppeal: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const admin = requireRoles(context.viewer, 'admin');
        const args = z
          .object({ statementId: id, outcome: z.enum(APPEAL_OUTCOMES), reason: moderationReason })
          .parse(rawArgs);
        await answerAppeal(
          app,
          admin,
          args.statementId,
          { outcome: args.outcome, reason: args.reason },
          metadataOf(context),
        );
        return { id: args.statementId, success: true };
      },
    },
  };
}
