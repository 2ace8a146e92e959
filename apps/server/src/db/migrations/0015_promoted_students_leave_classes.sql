-- Issue 26: a student promoted to teacher stayed on classes' student lists. A promotion now takes
-- them off (admin.service changeRole); this removes the places that earlier promotions left behind.
-- Their submissions stay.
DELETE FROM "class_students" cs USING "users" u WHERE u."id" = cs."student_id" AND u."role" <> 'student';
