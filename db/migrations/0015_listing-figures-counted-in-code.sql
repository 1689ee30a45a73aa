-- A car's figures are counted in one place, app/cars/listing-stats.server.ts, in the batch of the write that earns
-- them (a view mark, a favourite, a message). The view trigger was a third way of counting; the code counts views now.
DROP TRIGGER IF EXISTS `car_view_marks_count`;
