-- Every committed change to what the public catalogue shows sends one notice on 'catalogue_changed'
-- (once per transaction, PostgreSQL folds equal notices), so the API's response cache stays exact
-- whichever process or tool made the change.
create function notify_catalogue_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('catalogue_changed', '');
  return null;
end
$$;

do $$
declare
  watched text;
begin
  foreach watched in array array['users', 'skins', 'resources', 'skin_color_variations', 'bundles', 'bundle_skins',
                                 'comments', 'skin_stats', 'skin_ratings', 'skin_of_the_month']
  loop
    execute format(
      'create trigger %I after insert or update or delete or truncate on %I
       for each statement execute function notify_catalogue_changed()',
      watched || '_catalogue_changed', watched);
  end loop;
end
$$;
