-- Read model: how many events of each type were recorded per day (operations dashboard, health).
create table event_activity_daily (
  event_type text not null,
  day        date not null,
  events     bigint not null,
  primary key (event_type, day)
);
