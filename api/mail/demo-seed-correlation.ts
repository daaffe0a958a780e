/**
 * The correlation id of the sales, votes and downloads the demo seed records: the order mails
 * reactor and the author notice mails reactor skip it, so none of the made-up buyers and authors
 * is mailed. It lives beside the reactors that honour it; the demo seeding imports it from here.
 */
export const DEMO_SEED_CORRELATION_ID = 'demo-seed';
