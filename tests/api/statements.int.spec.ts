import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertComment } from '../../api/catalogue/catalogue.writes';
import { waitForMail } from '../support/outbox';
import { addSkin } from '../support/shop';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

// Statements of reasons and appeals through the public API (Digital Services Act Art. 16, 17, 20):
// a takedown, a comment removal and a block each send the person a statement (in the app and by
// mail), the person appeals once, an admin answers and a reversal undoes the decision; reporters
// are told their report arrived and what came of it.

let app: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
let admin: User;

beforeAll(async () => {
  app = await createTestApp();
  admin = await createUser(app, { roles: ['regular', 'admin'] });
});
afterAll(async () => {
  await app.close();
});

type Body = { data?: any; errors?: { message: string; extensions: { code: string; field?: string } }[] }; // eslint-disable-line @typescript-eslint/no-explicit-any
const gql = async (query: string, variables: Record<string, unknown>, token?: string): Promise<Body> =>
  (await graphql(app, query, variables, token)).body;
const ok = async (query: string, variables: Record<string, unknown>, token?: string) => {
  const body = await gql(query, variables, token);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
};
const codeOf = (body: Body) => body.errors?.[0]?.extensions.code;

const REPORT = `mutation ($t: ModeratedItemType!, $id: ID!) {
  reportItem(itemType: $t, itemId: $id, reason: STOLEN, text: "Copied from my livery") { success } }`;
const TAKE_DOWN = `mutation ($t: ModeratedItemType!, $id: ID!, $ground: TermsGround!, $reason: String!) {
  takeDownItem(itemType: $t, itemId: $id, ground: $ground, reason: $reason) { success } }`;
const DISMISS = `mutation ($t: ModeratedItemType!, $id: ID!) {
  dismissReports(itemType: $t, itemId: $id, note: "Fine") { success } }`;
const BLOCK = `mutation ($id: ID!) {
  blockUser(id: $id, ground: HARASSMENT_OR_SPAM, reason: "Spam links in every comment") { success } }`;
const STATEMENT_FIELDS = `id kind itemType itemId itemLabel facts ground groundRule groundText automated
  canAppeal appeal { text outcome reason decidedAt }`;
const MY_STATEMENTS = `query { myStatements { pageInfo { totalElements } content { ${STATEMENT_FIELDS} } } }`;
const STATEMENT = `query ($id: ID!) { statementOfReasons(id: $id) { ${STATEMENT_FIELDS} user { username } } }`;
const APPEAL = `mutation ($id: ID!, $text: String!) { appealDecision(statementId: $id, text: $text) { success } }`;
const APPEALS = `query ($status: AppealFilter) { appeals(status: $status) { content { id kind appeal { text } user { username } } } }`;
const DECIDE = `mutation ($id: ID!, $outcome: AppealOutcome!, $reason: String!) {
  decideAppeal(statementId: $id, outcome: $outcome, reason: $reason) { success } }`;
const SKIN = `query ($url: String!) { skin(url: $url) { id } }`;
const NOTIFICATIONS = `query { myNotifications(page: { page: 0, size: 50 }) { content { kind message link } } }`;
const LOG = `query ($t: String, $id: ID) { moderationLog(itemType: $t, itemId: $id) {
  content { action reason statement { id ground } } } }`;

async function notificationsOf(user: User) {
  await app.context.runner.catchUp();
  return (await ok(NOTIFICATIONS, {}, user.token)).myNotifications.content as {
    kind: string;
    message: string;
    link: string;
  }[];
}
const outbox = () => app.context.mailer.outboxDir;

describe('a takedown, its statement of reasons and the appeal', () => {
  it('tells the reporter, sends the author a statement, takes one appeal and sends the answer back', async () => {
    const [author, reporter, stranger] = [
      await createUser(app),
      await createUser(app),
      await createUser(app),
    ];
    const skin = await addSkin(app, { authorId: author.id, priceCents: 0, title: 'Appealed Livery' });
    const item = { t: 'SKIN', id: String(skin.id) };

    // The reporter's confirmation, in the app and by mail.
    await ok(REPORT, item, reporter.token);
    expect(await notificationsOf(reporter)).toEqual([
      {
        kind: 'REPORT_RECEIVED',
        message: 'We received your report of a skin. An admin will look at it.',
        link: `/skins/${skin.url}`,
      },
    ]);
    const received = await waitForMail(outbox(), reporter.email, 'we received your report');
    expect(received.text).toContain('An admin will look at it');

    // The takedown names its rule; the admin has to choose one.
    const noGround = await gql(
      `mutation ($id: ID!) { takeDownItem(itemType: SKIN, itemId: $id, reason: "Copied") { success } }`,
      { id: item.id },
      admin.token,
    );
    expect(noGround.errors?.[0]?.message).toMatch(/argument "ground"/);
    await ok(
      TAKE_DOWN,
      { ...item, ground: 'NO_RIGHTS', reason: 'The artwork copies another author.' },
      admin.token,
    );

    // The author's statement: facts, ground, not automated, appealable.
    const mine = (await ok(MY_STATEMENTS, {}, author.token)).myStatements;
    expect(mine.pageInfo.totalElements).toBe(1);
    const statement = mine.content[0];
    expect(statement).toMatchObject({
      kind: 'TAKEDOWN',
      itemType: 'SKIN',
      itemId: item.id,
      itemLabel: 'Appealed Livery',
      facts: 'The artwork copies another author.',
      ground: 'NO_RIGHTS',
      groundRule: '14.2',
      automated: false,
      canAppeal: true,
      appeal: null,
    });
    const notices = await notificationsOf(author);
    expect(notices).toEqual([
      {
        kind: 'STATEMENT_OF_REASONS',
        message:
          'Your skin “Appealed Livery” was taken down under rule 14.2 of the terms. Read why and how to appeal.',
        link: `/me/statements#statement-${statement.id}`,
      },
    ]);
    const mail = await waitForMail(outbox(), author.email, 'statement of reasons');
    expect(mail.text).toContain('Facts: The artwork copies another author.');
    expect(mail.text).toContain('Ground: Rule 14.2 of the terms of service');
    expect(mail.text).toContain('no automated means were used');
    expect(mail.text).toContain('You can appeal once, within six months');
    expect(mail.text).toContain(`/me/statements#statement-${statement.id}`);
    // One mail about the takedown: the statement replaces the plain notice.
    const plainNotice = waitForMail(
      outbox(),
      author.email,
      'TrackSkins: Appealed Livery was taken down',
      300,
    );
    await expect(plainNotice).rejects.toThrow();

    // The reporter hears the outcome.
    expect((await notificationsOf(reporter))[0]).toMatchObject({
      kind: 'REPORT_RESOLVED',
      message: 'Your report of a skin was answered: an admin took the skin down.',
    });
    await waitForMail(outbox(), reporter.email, 'your report was answered');

    // Who reads the statement: its person and admins; anyone else is told nothing.
    expect(codeOf(await gql(MY_STATEMENTS, {}))).toBe('UNAUTHENTICATED');
    expect((await ok(STATEMENT, { id: statement.id }, stranger.token)).statementOfReasons).toBeNull();
    expect((await ok(STATEMENT, { id: statement.id }, admin.token)).statementOfReasons.user.username).toBe(
      author.username,
    );
    expect((await ok(STATEMENT, { id: statement.id }, author.token)).statementOfReasons.user).toBeNull();

    // The appeal: only its person, once, with some words.
    const text = 'I painted it myself; here are my layer files.';
    expect(codeOf(await gql(APPEAL, { id: statement.id, text }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(APPEAL, { id: statement.id, text }, stranger.token))).toBe('NOT_FOUND');
    expect(codeOf(await gql(APPEAL, { id: statement.id, text }, admin.token))).toBe('NOT_FOUND');
    const short = await gql(APPEAL, { id: statement.id, text: 'mine' }, author.token);
    expect(codeOf(short)).toBe('BAD_USER_INPUT');
    expect(short.errors?.[0]?.extensions.field).toBe('text');
    await ok(APPEAL, { id: statement.id, text }, author.token);
    expect(codeOf(await gql(APPEAL, { id: statement.id, text }, author.token))).toBe('CONFLICT');
    expect((await ok(MY_STATEMENTS, {}, author.token)).myStatements.content[0]).toMatchObject({
      canAppeal: false,
      appeal: { text, outcome: null },
    });

    // It lands in the admins' queue, and in the item's history.
    expect(codeOf(await gql(APPEALS, { status: 'OPEN' }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(APPEALS, { status: 'OPEN' }, author.token))).toBe('FORBIDDEN');
    const queue = (await ok(APPEALS, { status: 'OPEN' }, admin.token)).appeals.content;
    expect(queue[0]).toMatchObject({
      id: statement.id,
      appeal: { text },
      user: { username: author.username },
    });
    const history = (await ok(LOG, { t: 'SKIN', id: item.id }, admin.token)).moderationLog.content;
    expect(history.map((entry: { action: string }) => entry.action)).toEqual([
      'DecisionAppealed',
      'ItemTakenDown',
      'ItemReported',
    ]);
    expect(history[1].statement).toEqual({ id: statement.id, ground: 'NO_RIGHTS' });

    // The admin reverses it: the skin is back, the answer goes to the author.
    const answer = { id: statement.id, outcome: 'REVERSED', reason: 'The layer files show it is original.' };
    expect(codeOf(await gql(DECIDE, answer, author.token))).toBe('FORBIDDEN');
    expect(codeOf(await gql(DECIDE, answer))).toBe('UNAUTHENTICATED');
    expect((await ok(SKIN, { url: skin.url })).skin).toBeNull();
    await ok(DECIDE, answer, admin.token);
    expect(codeOf(await gql(DECIDE, answer, admin.token))).toBe('CONFLICT');
    expect((await ok(SKIN, { url: skin.url })).skin).toEqual({ id: item.id });
    expect((await ok(APPEALS, { status: 'OPEN' }, admin.token)).appeals.content).toEqual([]);
    expect((await ok(MY_STATEMENTS, {}, author.token)).myStatements.content[0].appeal).toMatchObject({
      outcome: 'REVERSED',
      reason: answer.reason,
    });
    // The answer, and the restore it caused.
    expect((await notificationsOf(author)).slice(0, 2)).toEqual([
      {
        kind: 'RESTORED',
        message: 'Appealed Livery is visible to everyone again',
        link: `/skins/${skin.url}`,
      },
      {
        kind: 'APPEAL_DECIDED',
        message: 'Your appeal was answered: the decision was reversed.',
        link: `/me/statements#statement-${statement.id}`,
      },
    ]);
    const answered = await waitForMail(outbox(), author.email, 'your appeal was answered');
    expect(answered.text).toContain('Reason: The layer files show it is original.');
  });

  it('sends statements for a comment removal and a block; a dismissed report is told as such', async () => {
    const [writer, spammer, reporter] = [await createUser(app), await createUser(app), await createUser(app)];
    const skin = await addSkin(app, { authorId: admin.id, priceCents: 0 });
    const rude = await insertComment(app.context.pool, {
      skinId: skin.id,
      userId: writer.id,
      text: 'Rude words here',
      createdAt: new Date(),
    });
    const fine = await insertComment(app.context.pool, {
      skinId: skin.id,
      userId: writer.id,
      text: 'Nice colours',
      createdAt: new Date(),
    });
    await ok(REPORT, { t: 'COMMENT', id: String(fine) }, reporter.token);
    await ok(DISMISS, { t: 'COMMENT', id: String(fine) }, admin.token);
    expect((await notificationsOf(reporter))[0]).toMatchObject({
      kind: 'REPORT_RESOLVED',
      message:
        'Your report of a comment was answered: an admin found it does not break the rules, so the comment stays.',
    });

    await ok(
      TAKE_DOWN,
      { t: 'COMMENT', id: String(rude), ground: 'HARASSMENT_OR_SPAM', reason: 'Insults the author.' },
      admin.token,
    );
    const [removal] = (await ok(MY_STATEMENTS, {}, writer.token)).myStatements.content;
    expect(removal).toMatchObject({
      kind: 'COMMENT_REMOVAL',
      groundRule: '14.5',
      itemLabel: 'Rude words here',
    });
    expect((await notificationsOf(writer))[0]?.message).toBe(
      'Your comment was removed under rule 14.5 of the terms. Read why and how to appeal.',
    );

    await ok(BLOCK, { id: String(spammer.id) }, admin.token);
    // A blocked account cannot sign in: its statement carries an appeal link instead.
    await app.context.runner.catchUp();
    const blockMail = await waitForMail(outbox(), spammer.email, 'statement of reasons');
    expect(blockMail.text).toContain('your account was blocked');
    expect(blockMail.text).toMatch(/Your appeal: http\S+\/appeal\?t=/);
  });
});

const BY_LINK = `query ($t: String!) { statementByAppealLink(token: $t) { ${STATEMENT_FIELDS} user { username } } }`;
const APPEAL_BY_LINK = `mutation ($t: String!, $text: String!) { appealByLink(token: $t, text: $text) { id success } }`;
const appealTokenOf = (text: string) => decodeURIComponent(/\/appeal\?t=(\S+)/.exec(text)![1]!);

describe('the appeal of a blocked account, through the link in its statement mail', () => {
  it('opens only its statement, once, within the window; the appeal reaches the queue and the answer is mailed', async () => {
    const [blocked, other] = [await createUser(app), await createUser(app)];
    await ok(BLOCK, { id: String(blocked.id) }, admin.token);
    await ok(BLOCK, { id: String(other.id) }, admin.token);
    await app.context.runner.catchUp();
    const mail = await waitForMail(outbox(), blocked.email, 'statement of reasons');
    expect(mail.text).not.toContain(`write to ${app.context.config.mail.contact}`);
    expect(mail.html).toContain('/appeal?t=');
    const token = appealTokenOf(mail.text);
    const otherToken = appealTokenOf((await waitForMail(outbox(), other.email, 'statement of reasons')).text);

    // Without a session: the statement it names, for its person only (no admin fields).
    const statement = (await ok(BY_LINK, { t: token })).statementByAppealLink;
    expect(statement).toMatchObject({
      kind: 'ACCOUNT_BLOCK',
      itemId: String(blocked.id),
      canAppeal: true,
      user: null,
    });
    expect(statement.facts).toBe('Spam links in every comment');

    // Forged, changed or pointing elsewhere: refused alike, and nothing is recorded.
    const [id, expires, mac] = token.split('.') as [string, string, string];
    const forged = [
      `${otherToken.split('.')[0]}.${expires}.${mac}`,
      `${id}.${Number(expires) + 86_400}.${mac}`,
      `${id}.${expires}.${'A'.repeat(43)}`,
      'nonsense',
    ];
    for (const t of forged) {
      expect(codeOf(await gql(BY_LINK, { t }))).toBe('NOT_FOUND');
      expect(codeOf(await gql(APPEAL_BY_LINK, { t, text: 'It was not spam at all.' }))).toBe('NOT_FOUND');
    }
    // A signed-in session cannot appeal someone else's block with its own mutation either.
    expect(codeOf(await gql(APPEAL, { id: statement.id, text: 'Not mine to appeal.' }, admin.token))).toBe(
      'NOT_FOUND',
    );

    // The appeal, once: it reaches the admins' queue like any other.
    const text = 'The links were to my own stream, not spam.';
    expect(codeOf(await gql(APPEAL_BY_LINK, { t: token, text: 'short' }))).toBe('BAD_USER_INPUT');
    expect((await ok(APPEAL_BY_LINK, { t: token, text })).appealByLink).toEqual({
      id: statement.id,
      success: true,
    });
    expect(codeOf(await gql(APPEAL_BY_LINK, { t: token, text }))).toBe('CONFLICT');
    expect((await ok(BY_LINK, { t: token })).statementByAppealLink).toMatchObject({
      canAppeal: false,
      appeal: { text, outcome: null },
    });
    const queue = (await ok(APPEALS, { status: 'OPEN' }, admin.token)).appeals.content;
    expect(queue).toContainEqual({
      id: statement.id,
      kind: 'ACCOUNT_BLOCK',
      appeal: { text },
      user: { username: blocked.username },
    });

    // The admin's answer goes back by mail (the person cannot sign in to read it), and a
    // reversal unblocks the account.
    await ok(
      DECIDE,
      { id: statement.id, outcome: 'REVERSED', reason: 'Checked: own stream links.' },
      admin.token,
    );
    await app.context.runner.catchUp();
    const answer = await waitForMail(outbox(), blocked.email, 'your appeal was answered');
    expect(answer.text).toContain('Reason: Checked: own stream links.');
    const users = `query ($s: String) { users(search: $s) { content { id blocked } } }`;
    expect((await ok(users, { s: blocked.username }, admin.token)).users.content).toEqual([
      { id: String(blocked.id), blocked: false },
    ]);

    // After the appeal window the other person's link no longer opens.
    const realNow = app.context.now;
    app.context.now = () => new Date(Date.now() + 184 * 24 * 60 * 60 * 1000);
    try {
      expect(codeOf(await gql(BY_LINK, { t: otherToken }))).toBe('NOT_FOUND');
      expect(codeOf(await gql(APPEAL_BY_LINK, { t: otherToken, text }))).toBe('NOT_FOUND');
    } finally {
      app.context.now = realNow;
    }
    expect((await ok(BY_LINK, { t: otherToken })).statementByAppealLink.canAppeal).toBe(true);
  });
});
