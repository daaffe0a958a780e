-- Notifications are listed newest first by when their fact happened (created_at), not by the causing
-- event's position: the demo data and imports record facts with earlier dates after later ones.
create index notifications_by_date_idx on notifications (user_id, created_at desc, position desc);
