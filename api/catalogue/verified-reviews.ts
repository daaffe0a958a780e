import { sql, type FragmentSqlToken } from 'slonik';

/*
 * Verified reviews (Directive 2019/2161, which added Art. 7(6) to the Unfair Commercial Practices
 * Directive: a site that shows reviews says whether and how it checks that they come from people who
 * used the item). A rating or comment is verified when, as it is written, its writer owns the item
 * (bought it, alone or in a bundle, and it was not refunded) or has downloaded it while signed in.
 * It is recorded with the vote (SkinRated.verified) and the comment (comments.verified), so a page
 * reads it without a query per review and a later purchase does not change an earlier review.
 */

/** SQL: the user owns or downloaded the skin whose id `skinId` gives (an expression). */
export function verifiedReviewer(userId: number, skinId: FragmentSqlToken) {
  return sql.fragment`(
    exists (select 1 from owned_skins o
            where o.user_id = ${userId} and o.skin_id = ${skinId} and o.acquired_at is not null)
    or exists (select 1 from skin_downloaders d
               where d.skin_id = ${skinId} and d.downloader = ${`user:${userId}`}))`;
}

/** SQL: the user owns the bundle, or downloaded one of its skins. */
export function verifiedBundleReviewer(userId: number, bundleId: FragmentSqlToken) {
  return sql.fragment`(
    exists (select 1 from owned_bundles o
            where o.user_id = ${userId} and o.bundle_id = ${bundleId} and o.acquired_at is not null)
    or exists (select 1 from bundle_skins bs join skin_downloaders d on d.skin_id = bs.skin_id
               where bs.bundle_id = ${bundleId} and d.downloader = ${`user:${userId}`}))`;
}
