-- A marketplace that had accounts before notifications existed builds them from its whole history
-- (every past sale becomes an author's notification). What happened before this upgrade counts as
-- read, so nobody is greeted by years of sales as new. On a new database there is no account yet
-- and this changes nothing.
insert into notification_reads (user_id, read_up_to_position)
select u.id, (select coalesce(max(global_position), 0) from events)
from users u
where not u.anonymous
on conflict (user_id) do nothing;
